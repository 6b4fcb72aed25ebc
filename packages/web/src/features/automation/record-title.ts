/** The ServiceM8 objects a change can be about, in people's words. */
const OBJECT_WORDS: Readonly<Record<string, string>> = {
  job: 'Job',
  company: 'Client',
  jobactivity: 'Booking',
  jobpayment: 'Payment',
  formresponse: 'Form response',
};

/** What a change was about, as Activity and the preview name it. */
type ChangedRecord = { object: string; jobNumber: string | null; clientName: string | null };

/** "Job 1042 · Wei Chen", "Client Wei Chen", "Booking on job 1042". */
export function recordTitle(entry: ChangedRecord): string {
  const job = entry.jobNumber ? `job ${entry.jobNumber}` : null;
  const client = entry.clientName;
  switch (entry.object) {
    case 'job':
      return [`Job ${entry.jobNumber ?? ''}`.trim(), client].filter(Boolean).join(' · ');
    case 'company':
      return `Client ${client ?? ''}`.trim();
    default: {
      const word = OBJECT_WORDS[entry.object] ?? entry.object;
      return [job ? `${word} on ${job}` : word, client].filter(Boolean).join(' · ');
    }
  }
}
