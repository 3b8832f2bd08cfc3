import { Link } from 'react-router-dom';
import { Breadcrumb } from '../antd';

export interface BreadcrumbItem {
  label: string;
  /** Where the crumb leads; the last crumb is the current page and is never a link. */
  to?: string;
}

export function Breadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  if (items.length === 0) return null;
  const last = items.length - 1;
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumb
        items={items.map((item, i) => ({
          key: `${i}-${item.label}`,
          title:
            i === last || !item.to ? (
              <span aria-current={i === last ? 'page' : undefined}>{item.label}</span>
            ) : (
              <Link to={item.to}>{item.label}</Link>
            ),
        }))}
      />
    </nav>
  );
}
