import { Navigate, Outlet } from 'react-router';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useAuth } from '@/features/auth';
import { paths } from '@/lib/route-table';

/** Wraps the guarded routes (docs/product.md §2): signed-out visitors go to /, once the session read is done. */
export function RequireAuth() {
  const { initialized, user } = useAuth();
  if (!initialized) return <LoadingIndicator />;
  if (!user) return <Navigate to={paths.capture} replace />;
  return <Outlet />;
}
