import { act, renderHook } from '@testing-library/react';
import { usePage } from './use-page';

describe('usePage', () => {
  it('keeps the page for the same filters and starts over at 1 when they change', () => {
    const { result, rerender } = renderHook(({ key }) => usePage(key), { initialProps: { key: 'search=' } });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);
    rerender({ key: 'search=acme' });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
  });
});
