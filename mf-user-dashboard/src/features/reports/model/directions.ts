/** The direction filter's choices; '' is any direction. */
export const DIRECTIONS = [{ value: '', label: 'All directions' }, { value: 'inbound', label: 'Inbound' }, { value: 'outbound', label: 'Outbound' }];
