// The destinations of the spec (section 7): the company topic, the user-private queue, and the two
// application endpoints the console SENDs to.

export const USER_MSG_DESTINATION = '/user/topic/msg';
export const APP_HEARTBEAT = '/app/heartbeat';
export const APP_NOTIFY = '/app/notify';

export function companyTopic(companyId: number): string {
  return `/topic/notify.${companyId}`;
}

export type SubscriptionTarget = { kind: 'company'; companyId: number } | { kind: 'user' };

/** What a SUBSCRIBE destination names, or undefined for an unknown destination. */
export function parseSubscription(destination: string): SubscriptionTarget | undefined {
  if (destination === USER_MSG_DESTINATION) return { kind: 'user' };
  const match = /^\/topic\/notify\.(\d{1,12})$/.exec(destination);
  return match ? { kind: 'company', companyId: Number(match[1]) } : undefined;
}
