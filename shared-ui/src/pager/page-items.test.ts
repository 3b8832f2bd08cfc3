import { pageItems, totalPagesOf } from './page-items';

describe('pageItems', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the current page with one neighbour each side and ellipses for the gaps', () => {
    expect(pageItems(5, 10)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
  });

  it('has only the trailing ellipsis near the start and only the leading one near the end', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'end-ellipsis', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'start-ellipsis', 9, 10]);
  });

  it('shows a single skipped page instead of an ellipsis', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
  });

  it('clamps an out-of-range page and is empty with no pages', () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('takes a wider neighbourhood', () => {
    expect(pageItems(10, 20, 2)).toEqual([1, 'start-ellipsis', 8, 9, 10, 11, 12, 'end-ellipsis', 20]);
  });
});

describe('totalPagesOf', () => {
  it('rounds up and never goes below zero', () => {
    expect(totalPagesOf(0, 10)).toBe(0);
    expect(totalPagesOf(10, 10)).toBe(1);
    expect(totalPagesOf(11, 10)).toBe(2);
    expect(totalPagesOf(5, 0)).toBe(0);
  });
});
