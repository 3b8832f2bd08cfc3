/** "1,250 min": call minutes as every screen shows them (usage, quotas, plan features). */
export const formatMinutes = (minutes: number): string => `${new Intl.NumberFormat('en-US').format(minutes)} min`;
