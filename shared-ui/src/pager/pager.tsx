import { Button, LeftOutlined, RightOutlined } from '../antd';
import { pageItems } from './page-items';

export interface PagerProps {
  /** The current page, starting at 1. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Pages shown each side of the current one. */
  siblings?: number;
}

const ellipsisStyle = { minWidth: 24, textAlign: 'center' as const, color: 'rgba(0,0,0,0.45)' };

/** Previous, the pages around the current one, next. Nothing to page through, nothing shown. */
export function Pager({ page, totalPages, onChange, siblings = 1 }: PagerProps) {
  if (totalPages < 2) return null;
  const atFirst = page <= 1;
  const atLast = page >= totalPages;
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= totalPages) onChange(target);
  };

  return (
    <nav aria-label="Pagination" style={{ display: 'flex', gap: 4, alignItems: 'center', justifyContent: 'flex-end', marginTop: 16 }}>
      <Button aria-label="Previous page" icon={<LeftOutlined />} disabled={atFirst} onClick={() => go(page - 1)} />
      {pageItems(page, totalPages, siblings).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            type={item === page ? 'primary' : 'default'}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => go(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} style={ellipsisStyle} aria-hidden="true">
            …
          </span>
        ),
      )}
      <Button aria-label="Next page" icon={<RightOutlined />} disabled={atLast} onClick={() => go(page + 1)} />
    </nav>
  );
}
