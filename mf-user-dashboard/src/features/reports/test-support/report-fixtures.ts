import type { AppointmentReportRow, CallLog, CallReport } from 'shared-contracts';

export const rid = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const makeCallLog = (n: number, overrides: Partial<CallLog> = {}): CallLog => ({
  id: rid(n), direction: 'inbound', status: 'completed', fromNumber: '+15557654321', toNumber: '+15551230001',
  startedAt: '2026-03-10T14:00:00.000Z', durationSeconds: 95,
  aiAgent: { id: rid(900), name: 'Front Desk' }, agent: null,
  lead: { id: rid(800 + n), fullName: `Lead ${n}`, phoneNumber: '+15557654321' },
  conversation: { id: rid(700 + n), recordingUrl: `https://recordings.example.com/${n}.mp3` },
  endReason: null, callbackRequest: null, wrapUp: null, transferredTo: null,
  ...overrides,
});

/** A call on which nobody could take the caller, so the AI agent took a message. */
export const messageTaken: Partial<CallLog> = {
  endReason: 'Nobody was available: the agent took a message',
  callbackRequest: { callerName: 'Ada Caller', phoneNumber: '+15550001111', reason: 'Wants a call about her bill, today', requestedAt: '2026-03-10T14:03:00.000Z' },
};

export const makeAppointment = (n: number, overrides: Partial<AppointmentReportRow> = {}): AppointmentReportRow => ({
  id: rid(n), dateTime: '2026-03-12T15:30:00.000Z', durationMinutes: 30, status: 'scheduled',
  lead: { id: rid(800 + n), fullName: `Lead ${n}`, phoneNumber: '+15557654321' },
  aiAgent: { id: rid(900), name: 'Front Desk' }, callId: rid(600 + n), notes: null, calendarEvents: [],
  ...overrides,
});

export const makeReport = (n: number, overrides: Partial<CallReport> = {}): CallReport => ({
  call: makeCallLog(n), summary: `Summary ${n}`, sentiment: 'positive', outcome: 'appointment-booked', appointmentBooked: true, transcriptAvailable: true,
  analysis: null,
  ...overrides,
});

/** Captures what a CSV export hands to the browser. */
export function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  (URL as unknown as { createObjectURL: (b: Blob) => string }).createObjectURL = (b: Blob) => {
    blobs.push(b);
    return 'blob:report';
  };
  (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => {};
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  // jsdom's Blob has no text(); FileReader reads it.
  const text = (i = 0) => new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blobs[i]!);
  });
  return { blobs, names, text };
}
