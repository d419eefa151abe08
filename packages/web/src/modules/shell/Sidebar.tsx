import { useAtomValue } from 'jotai';
import { NavLink, useLocation } from 'react-router';
import { canOpen } from '../../canOpen';
import { GROUPS, ROUTES, routeOf, type RouteEntry } from '../../routes';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { SavedViewsNav } from '../views/SavedViewsNav';

/** The faintest grey that still reads at 4.5:1 on the sidebar in either theme (WCAG AA): zinc-400/500 do not. */
const FAINT = 'text-[#6b6b73] dark:text-[#88888f]';

const matches = (route: RouteEntry, pathname: string) => pathname === route.path || pathname.startsWith(`${route.path}/`);

/**
 * "Traction Admin", "Workspace", then every group of spec §2; links the admin may not open are
 * hidden, and groups with no page built yet are faint, closed and counted.
 */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const permissions = useAtomValue(permissionSetAtom);
  const { pathname } = useLocation();
  const visible = ROUTES.filter((r) => r.inSidebar && !r.public && canOpen(r, permissions));
  // Detail pages (/permissions-user-by-id/7/Ada) belong to their template's group.
  const currentGroup = routeOf(pathname)?.group ?? ROUTES.find((r) => r.group && matches(r, pathname))?.group ?? null;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block truncate rounded px-2 py-1 ${isActive ? 'bg-accent-600 text-white' : 'text-zinc-700 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800'}`;
  // Pages not built yet stay listed (people see what is coming) but faint, so the working ones stand out.
  const notBuiltLinkClass = ({ isActive }: { isActive: boolean }) =>
    `block truncate rounded px-2 py-1 ${isActive ? 'bg-zinc-300 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100' : `${FAINT} hover:bg-zinc-200 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200`}`;
  return (
    <nav aria-label="Main" className="flex h-full flex-col overflow-y-auto px-2 pb-4">
      <div className="px-2 pt-4 pb-1 text-base font-semibold">Traction Admin</div>
      <div className="px-2 pb-3 text-[11px] font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">Workspace</div>
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
      <SavedViewsNav {...(onNavigate ? { onNavigate } : {})} />
      {GROUPS.map((group) => {
        const links = visible.filter((r) => r.group === group);
        if (links.length === 0) return null;
        const current = group === currentGroup;
        // A group with nothing built yet stays closed (unless the admin is on one of its pages) and says how many pages wait in it.
        const notBuilt = links.every((r) => !r.page);
        const summaryTone = current ? 'text-accent-700 dark:text-accent-500' : notBuilt ? FAINT : 'text-zinc-600 dark:text-zinc-400';
        return (
          <details
            key={group}
            open={current}
            data-group={group}
            data-current={current || undefined}
            data-not-built={notBuilt || undefined}
            className="mt-2 group/section"
          >
            <summary
              className={`flex cursor-pointer list-none items-center gap-2 rounded px-2 py-1 text-xs ${notBuilt && !current ? '' : 'font-semibold'} ${summaryTone}`}
              title={notBuilt ? `${links.length} ${links.length === 1 ? 'page' : 'pages'}, not available yet` : undefined}
            >
              <span className="truncate">{group}</span>
              {notBuilt ? (
                <span data-not-built-count className="ml-auto rounded border border-zinc-300 px-1.5 text-[10px] dark:border-zinc-700">
                  {links.length}
                  <span className="sr-only"> {links.length === 1 ? 'page' : 'pages'}, not available yet</span>
                </span>
              ) : null}
            </summary>
            <ul className="mt-0.5 space-y-0.5 pl-1">
              {links.map((r) => (
                <li key={r.path} data-not-built={r.page ? undefined : true}>
                  <NavLink to={r.path} className={r.page ? linkClass : notBuiltLinkClass} onClick={onNavigate}>
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
