import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { UserLayout } from '../ui/layout/UserLayout';
import { ShellHeader } from './shell/shell-header';
import { useIsMobile } from './shell/use-is-mobile';

export default function UserLayoutRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  return (
    <UserLayout
      header={<ShellHeader isMobile={isMobile} />}
      currentPath={location.pathname}
      onNavigate={(to) => navigate(to)}
    >
      <Outlet />
    </UserLayout>
  );
}
