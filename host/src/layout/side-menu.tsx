import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Role } from 'shared-contracts';
import { Menu, useMenuTypeahead } from 'shared-ui';
import type { MenuProps } from 'shared-ui';
import { ROUTED } from '../app/route-table';
import { menuFor, selectedMenuPath } from './menu-items';

export function SideMenu({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const onKeyDown = useMenuTypeahead();
  const entries = useMemo(() => menuFor(role, ROUTED), [role]);
  const items = useMemo<MenuProps['items']>(
    () =>
      entries.map((item) =>
        'children' in item
          ? {
              key: item.key,
              label: item.title,
              children: item.children.map((child) => ({ key: child.path, label: <Link to={child.path}>{child.title}</Link> })),
            }
          : { key: item.path, label: <Link to={item.path}>{item.title}</Link> },
      ),
    [entries],
  );
  const selected = selectedMenuPath(pathname, entries);
  const openGroups = entries.filter((item) => 'children' in item).map((item) => ('key' in item ? item.key : ''));

  return (
    <nav aria-label="Main" onKeyDown={onKeyDown}>
      <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} defaultOpenKeys={openGroups} style={{ borderInlineEnd: 0 }} />
    </nav>
  );
}
