import { useAtomValue } from 'jotai';
import { NavLink, useLocation } from 'react-router';
import { canOpen } from '../../canOpen';
import { GROUPS, ROUTES, routeOf, type RouteEntry } from '../../routes';
import { permissionSetAtom } from '../auth/sessionAtoms';

const matches = (route: RouteEntry, pathname: string) => pathname === route.path || pathname.startsWith(`${route.path}/`);

/** "Traction Admin", "Workspace", then every group of spec §2; links the admin may not open are hidden. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const permissions = useAtomValue(permissionSetAtom);
  const { pathname } = useLocation();
  const visible = ROUTES.filter((r) => r.inSidebar && !r.public && canOpen(r, permissions));
  // Detail pages (/permissions-user-by-id/7/Ada) belong to their template's group.
  const currentGroup = routeOf(pathname)?.group ?? ROUTES.find((r) => r.group && matches(r, pathname))?.group ?? null;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block truncate rounded px-2 py-1 ${isActive ? 'bg-accent-600 text-white' : 'text-zinc-700 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800'}`;
  return (
    <nav aria-label="Main" className="flex h-full flex-col overflow-y-auto px-2 pb-4">
      <div className="px-2 pt-4 pb-1 text-base font-semibold">Traction Admin</div>
      <div className="px-2 pb-3 text-[11px] font-medium tracking-wide text-zinc-500 uppercase">Workspace</div>
      <ul className="space-y-0.5">
        {visible
          .filter((r) => r.group === null)
          .map((r) => (
            <li key={r.path}>
              <NavLink to={r.path} className={linkClass} onClick={onNavigate}>
                {r.label}
              </NavLink>
            </li>
          ))}
      </ul>
      {GROUPS.map((group) => {
        const links = visible.filter((r) => r.group === group);
        if (links.length === 0) return null;
        const current = group === currentGroup;
        return (
          <details key={group} open={current} data-group={group} data-current={current || undefined} className="mt-2 group/section">
            <summary
              className={`cursor-pointer list-none rounded px-2 py-1 text-xs font-semibold ${current ? 'text-accent-700 dark:text-accent-500' : 'text-zinc-500'}`}
            >
              {group}
            </summary>
            <ul className="mt-0.5 space-y-0.5 pl-1">
              {links.map((r) => (
                <li key={r.path}>
                  <NavLink to={r.path} className={linkClass} onClick={onNavigate}>
                    {r.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </nav>
  );
}
