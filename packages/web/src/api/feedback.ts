import type { App } from 'antd';

// antd's message and modal need the App context (theme, locale); <FeedbackBridge> hands them to the
// request client, which lives outside React.
type AppApi = ReturnType<typeof App.useApp>;
export type Feedback = Pick<AppApi, 'message' | 'modal' | 'notification'>;

let current: Feedback | null = null;

export function setFeedback(next: Feedback | null): void {
  current = next;
}

export function feedback(): Feedback | null {
  return current;
}
