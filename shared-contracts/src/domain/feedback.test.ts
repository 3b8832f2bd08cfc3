import * as v from 'valibot';
import { FEEDBACK_ISSUES, FEEDBACK_SCORE_MAX, FEEDBACK_SCORE_MIN } from './feedback';
import { CallFeedback, FEEDBACK_ISSUE_TEXT, FEEDBACK_SCORE_RANGE_TEXT } from '../schemas/feedback';

const firstIssue = (input: unknown) => {
  const r = v.safeParse(CallFeedback, input);
  return r.success ? null : r.issues[0].message;
};

test('spec constants', () => {
  expect([FEEDBACK_SCORE_MIN, FEEDBACK_SCORE_MAX]).toEqual([1, 5]);
});

describe('CallFeedback', () => {
  test.each([1, 2, 3, 4, 5])('score %d is accepted', (score) => expect(firstIssue({ score })).toBeNull());
  test.each(FEEDBACK_ISSUES)('issue %s is accepted', (issue) => expect(firstIssue({ score: 2, issue })).toBeNull());
  test.each([0, 6, -1, 100])('score %d is refused', (score) => expect(firstIssue({ score })).toBe(FEEDBACK_SCORE_RANGE_TEXT));
  test('score must be whole and present', () => {
    expect(firstIssue({ score: 2.5 })).toBe('Score must be a whole number');
    expect(firstIssue({})).toBe('Score is required');
    expect(firstIssue({ score: '5' })).toBe('Score is required');
  });
  test('an issue outside the list is refused', () => expect(firstIssue({ score: 1, issue: 'static' })).toBe(FEEDBACK_ISSUE_TEXT));
});
