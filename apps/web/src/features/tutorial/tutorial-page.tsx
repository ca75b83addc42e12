import { GraduationCap, LifeBuoy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/route-table';
import { requestTutorialStart } from './tutorial-store';

/** /tutorial: starts the six-step tour at once (its first step goes to Capture). */
export function TutorialPage() {
  const started = useRef(false);
  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    requestTutorialStart();
  }, []);

  return (
    <Page width="narrow">
      <PageHeader
        title="Tutorial"
        description="A six-step tour of capturing, organising and sharing notes."
      />
      <Card className="space-y-3">
        <p className="text-sm text-muted">
          The tour takes you through Capture, AI actions, Projects, Quick View, Shared Projects and the voice
          assistant. Close it at any time with Escape; restart it here, in the Help Center or in Settings.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={requestTutorialStart}>
            <GraduationCap size={16} aria-hidden="true" />
            Start the tutorial
          </Button>
          <Link to={paths.helpCenter} className={buttonClasses('secondary', 'md')}>
            <LifeBuoy size={16} aria-hidden="true" />
            Help Center
          </Link>
        </div>
      </Card>
    </Page>
  );
}
