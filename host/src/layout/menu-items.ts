import { ROLES } from 'shared-contracts';
import type { AppRoute, Role } from 'shared-contracts';

export interface MenuEntry {
  path: string;
  title: string;
}
export interface MenuGroup {
  key: string;
  title: string;
  children: MenuEntry[];
}

const hasParams = (route: AppRoute) => route.path.includes(':');
/** A page under another page (create, create/success, success/cancel): reached from its parent. */
const isSubPage = (route: AppRoute, routes: readonly AppRoute[]) =>
  routes.some((other) => other !== route && route.path.startsWith(`${other.path}/`));

const titleCase = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, ' ');

/** A page every role has: the signed-in person's own account (profile, security, ...). */
const everyRoleHas = (route: AppRoute) => ROLES.every((role) => route.roles?.includes(role));

/** The entries an item stands for: a group's children, or the entry itself. */
const entriesOf = (item: MenuEntry | MenuGroup): MenuEntry[] => ('children' in item ? item.children : [item]);

/**
 * The side menu of a role: its guarded routes without params or parent pages, in table
 * order; routes three segments deep (dashboard/reports/..., dashboard/account/...) grouped.
 * The role's own work comes first: what holds a page every role has (the account) closes the
 * menu, so an agent's menu opens on call logs, not on their profile.
 */
export function menuFor(role: Role, routes: readonly AppRoute[]): Array<MenuEntry | MenuGroup> {
  const items = menuInTableOrder(role, routes);
  const common = new Set(routes.filter(everyRoleHas).map((route) => `/${route.path}`));
  const holdsCommon = (item: MenuEntry | MenuGroup) => entriesOf(item).some((entry) => common.has(entry.path));
  return [...items.filter((item) => !holdsCommon(item)), ...items.filter(holdsCommon)];
}

function menuInTableOrder(role: Role, routes: readonly AppRoute[]): Array<MenuEntry | MenuGroup> {
  const items: Array<MenuEntry | MenuGroup> = [];
  const groups = new Map<string, MenuGroup>();
  for (const route of routes) {
    if (!route.roles?.includes(role) || hasParams(route) || isSubPage(route, routes)) continue;
    const entry = { path: `/${route.path}`, title: route.title };
    const segments = route.path.split('/');
    if (segments.length < 3) {
      items.push(entry);
      continue;
    }
    const key = segments.slice(0, 2).join('/');
    let group = groups.get(key);
    if (!group) {
      group = { key, title: titleCase(segments[1]!), children: [] };
      groups.set(key, group);
      items.push(group);
    }
    group.children.push(entry);
  }
  return items;
}

/** The menu entry to highlight: the longest entry path the current path starts with. */
export function selectedMenuPath(pathname: string, items: ReadonlyArray<MenuEntry | MenuGroup>): string | undefined {
  const paths = items.flatMap(entriesOf).map((entry) => entry.path);
  return paths
    .filter((path) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
}
