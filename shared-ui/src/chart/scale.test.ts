import { axisTicks } from './scale';

describe('axisTicks', () => {
  it('ends at a round value at or above the maximum', () => {
    expect(axisTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(100)).toEqual([0, 50, 100]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });

  it('never steps by less than one for whole numbers', () => {
    expect(axisTicks(2)).toEqual([0, 1, 2]);
  });

  it('gives an axis to an all-zero series', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
  });

  it('allows fractional steps when asked', () => {
    expect(axisTicks(1, 4, false)).toEqual([0, 0.5, 1]);
  });
});
