import { Outlet } from 'react-router';
import { Shell } from './Shell';

/** The signed-in frame around the current page: its own chunk, so the login page never loads it. */
export default function ShellLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
