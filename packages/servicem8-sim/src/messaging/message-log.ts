/** Every email and SMS sent through the Messaging API (GET /__sim/messages). */
export type SentMessage = {
  uuid: string;
  channel: 'sms' | 'email';
  at: string;
  appId: string;
  staffUuid: string;
  to: string;
  regardingJobUUID: string | null;
  /** SMS */
  message?: string;
  credits?: number;
  /** Email */
  subject?: string;
  htmlBody?: string | null;
  textBody?: string | null;
  cc?: string | null;
  replyTo?: string | null;
  attachments?: string[];
};

export type MessageLog = {
  add(message: SentMessage): void;
  list(channel?: 'sms' | 'email'): SentMessage[];
  clear(): void;
};

export function createMessageLog(): MessageLog {
  let messages: SentMessage[] = [];
  return {
    add: (message) => {
      messages.push(message);
    },
    list: (channel) => messages.filter((message) => !channel || message.channel === channel),
    clear: () => {
      messages = [];
    },
  };
}
