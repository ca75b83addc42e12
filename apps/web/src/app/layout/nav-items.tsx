import {
  ChevronDown,
  FileText,
  FolderOpen,
  GraduationCap,
  LayoutPanelLeft,
  LifeBuoy,
  LogIn,
  LogOut,
  type LucideIcon,
  Pin,
  Settings,
  SquarePen,
  Trash2,
  UserPlus,
  Users,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { type AuthMode, useAuth, useAuthDialog, useSignOut, useSignUpOpen } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/route-table';
import { storage } from '@/lib/storage';
import { toast } from '@/lib/toast';

export type NavVariant = 'rail' | 'sheet';

interface NavItemsProps {
  /** 'rail': the desktop sidebar, labels shown when it expands; 'sheet': the mobile menu. */
  variant: NavVariant;
  /** Called when an entry is chosen (the mobile menu closes). */
  onNavigate?: () => void;
  /** Replaces opening the auth dialog directly (the mobile menu closes first). */
  onAuth?: (mode: AuthMode) => void;
}

const QUICK_VIEW_SECTIONS = [
  { to: paths.sharedProjects, label: 'Shared Projects', icon: Users },
  { to: paths.projects, label: 'Projects', icon: FolderOpen },
  { to: paths.notes, label: 'Notes', icon: FileText },
  { to: paths.pinnedNotes, label: 'Pinned Notes', icon: Pin },
] as const;

/** The Quick View sections are shown until the user collapses them; the choice is remembered. */
const SECTIONS_STORAGE_KEY = 'notewise.nav.quickViewSections';

function rowClasses(variant: NavVariant) {
  return cn(
    'group/item flex w-full min-w-0 items-center gap-3 rounded-control px-3 text-left text-muted',
    'transition-colors duration-150 hover:bg-hover hover:text-fg disabled:pointer-events-none disabled:opacity-60',
    'aria-[current=page]:bg-accent-soft aria-[current=page]:font-medium aria-[current=page]:text-fg',
    variant === 'rail' ? 'h-9 text-sm' : 'h-11 text-[15px]',
  );
}

/** In the rail the label fades in when the sidebar expands; it stays in the accessibility tree. */
function Label({ variant, children }: { variant: NavVariant; children: ReactNode }) {
  return (
    <span
      className={cn(
        'truncate',
        variant === 'rail' &&
          'opacity-0 transition-opacity duration-150 group-hover/rail:opacity-100 group-has-focus-visible/rail:opacity-100',
      )}
    >
      {children}
    </span>
  );
}

function Icon({ icon: IconComponent }: { icon: LucideIcon }) {
  return (
    <IconComponent
      size={16}
      aria-hidden="true"
      className="shrink-0 group-aria-[current=page]/item:text-accent-text"
    />
  );
}

interface ItemProps {
  variant: NavVariant;
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown instead of the icon (the profile picture on Settings). */
  picture?: ReactNode;
  end?: boolean;
  onNavigate?: () => void;
}

function NavItem({ variant, to, label, icon, picture, end, onNavigate }: ItemProps) {
  return (
    <li>
      <NavLink to={to} end={end} className={rowClasses(variant)} onClick={onNavigate}>
        {picture ?? <Icon icon={icon} />}
        <Label variant={variant}>{label}</Label>
      </NavLink>
    </li>
  );
}

function ActionItem({
  variant,
  label,
  icon,
  onClick,
  disabled,
}: {
  variant: NavVariant;
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <li>
      <button type="button" className={rowClasses(variant)} onClick={onClick} disabled={disabled}>
        <Icon icon={icon} />
        <Label variant={variant}>{label}</Label>
      </button>
    </li>
  );
}

function SignOutItem({ variant }: { variant: NavVariant }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <ActionItem
      variant={variant}
      label={signOut.isPending ? 'Signing out...' : 'Sign Out'}
      icon={LogOut}
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSuccess: () => navigate(paths.capture),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    />
  );
}

/** The entries of the desktop sidebar and the mobile menu (docs/product.md §2, Navigation). */
export function NavItems({ variant, onNavigate, onAuth }: NavItemsProps) {
  const { user, initialized } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const { pathname } = useLocation();
  const sectionsId = useId();
  const inSection = QUICK_VIEW_SECTIONS.some((section) => pathname === section.to);
  const [expanded, setExpanded] = useState(() => storage.get(SECTIONS_STORAGE_KEY) !== 'collapsed');
  const toggleSections = () => {
    storage.set(SECTIONS_STORAGE_KEY, expanded ? 'collapsed' : 'expanded');
    setExpanded(!expanded);
  };

  // Reveal the sections whenever one of them is the current page.
  useEffect(() => {
    if (inSection) setExpanded(true);
  }, [inSection]);

  const startAuth = (mode: AuthMode) => (onAuth ? onAuth(mode) : openAuthDialog(mode));
  const signUpOpen = useSignUpOpen();
  const gap = variant === 'rail' ? 'space-y-0.5' : 'space-y-1';

  return (
    <div className="flex min-h-full flex-col gap-4 px-2 py-2">
      <ul className={gap}>
        <NavItem
          variant={variant}
          to={paths.helpCenter}
          label="Help Center"
          icon={LifeBuoy}
          onNavigate={onNavigate}
        />
      </ul>

      {!initialized ? (
        <div className="space-y-2 px-3" aria-hidden="true">
          <Skeleton className="h-4 w-4" />
          <Skeleton className="h-4 w-4" />
        </div>
      ) : user ? (
        <>
          <ul className={gap}>
            <NavItem
              variant={variant}
              to={paths.capture}
              end
              label="Capture"
              icon={SquarePen}
              onNavigate={onNavigate}
            />
            <li>
              <div className="flex items-center gap-1">
                <NavLink
                  to={paths.quickView()}
                  className={cn(rowClasses(variant), 'flex-1')}
                  onClick={onNavigate}
                >
                  <Icon icon={LayoutPanelLeft} />
                  <Label variant={variant}>Quick View</Label>
                </NavLink>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={sectionsId}
                  aria-label="Quick View sections"
                  title={expanded ? 'Hide sections' : 'Show sections'}
                  onClick={toggleSections}
                  className={cn(
                    'inline-flex shrink-0 items-center justify-center rounded-control text-muted transition',
                    'hover:bg-hover hover:text-fg',
                    variant === 'rail'
                      ? 'size-9 opacity-0 group-hover/rail:opacity-100 group-has-focus-visible/rail:opacity-100'
                      : 'size-11',
                  )}
                >
                  <ChevronDown
                    size={16}
                    aria-hidden="true"
                    className={cn('transition-transform duration-150', expanded && 'rotate-180')}
                  />
                </button>
              </div>
              <ul id={sectionsId} hidden={!expanded} className={cn('mt-0.5', gap)}>
                {QUICK_VIEW_SECTIONS.map((section) => (
                  <NavItem
                    key={section.to}
                    variant={variant}
                    to={section.to}
                    label={section.label}
                    icon={section.icon}
                    onNavigate={onNavigate}
                  />
                ))}
              </ul>
            </li>
          </ul>

          <ul className={cn('mt-auto', gap)}>
            <NavItem variant={variant} to={paths.trash} label="Trash" icon={Trash2} onNavigate={onNavigate} />
            <NavItem
              variant={variant}
              to={paths.tutorial}
              label="Tutorial"
              icon={GraduationCap}
              onNavigate={onNavigate}
            />
            <NavItem
              variant={variant}
              to={paths.settings}
              label="Settings"
              icon={Settings}
              picture={
                // A plain <img>: the first route carries no avatar component for this.
                user.image ? (
                  <img src={user.image} alt="" className="size-4 shrink-0 rounded-full object-cover" />
                ) : undefined
              }
              onNavigate={onNavigate}
            />
            <SignOutItem variant={variant} />
          </ul>
        </>
      ) : (
        <ul className={cn('mt-auto', gap)}>
          <ActionItem variant={variant} label="Sign In" icon={LogIn} onClick={() => startAuth('signin')} />
          {signUpOpen && (
            <ActionItem
              variant={variant}
              label="Sign Up"
              icon={UserPlus}
              onClick={() => startAuth('signup')}
            />
          )}
        </ul>
      )}
    </div>
  );
}
