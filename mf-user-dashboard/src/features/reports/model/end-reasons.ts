import { CALL_END_REASONS, type CallEndReasonKey } from 'shared-contracts';

/** The end-reason filter's choices, in the call log's own words; '' is any way of ending. */
export const END_REASONS: Array<{ value: CallEndReasonKey | ''; label: string }> = [
  { value: '', label: 'Any ending' },
  ...(Object.entries(CALL_END_REASONS) as Array<[CallEndReasonKey, string]>).map(([value, label]) => ({ value, label })),
];
