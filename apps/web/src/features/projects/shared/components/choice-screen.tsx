import { ChevronRight, KeyRound, type LucideIcon, Plus } from 'lucide-react';
import { cn } from '@/lib/cn';

export type Screen = 'choice' | 'create' | 'join';

function ChoiceOption({
  icon: Icon,
  title,
  description,
  onClick,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'group flex w-full items-center gap-3.5 rounded-card border border-border p-4 text-left transition-colors',
        'duration-150 hover:border-border-strong hover:bg-hover',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-text">
        <Icon size={20} aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="mt-0.5 block text-sm text-muted">{description}</span>
      </span>
      <ChevronRight size={16} aria-hidden="true" className="shrink-0 text-subtle" />
    </button>
  );
}

export function ChoiceScreen({ onChoose }: { onChoose: (screen: Screen) => void }) {
  return (
    <div className="space-y-2.5">
      <ChoiceOption
        icon={Plus}
        title="Create a shared project"
        description="Start a project and invite others with a 6-digit code."
        onClick={() => onChoose('create')}
      />
      <ChoiceOption
        icon={KeyRound}
        title="Join with a code"
        description="Enter the code someone shared with you."
        onClick={() => onChoose('join')}
      />
    </div>
  );
}
