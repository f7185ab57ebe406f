import { type Feedback, setFeedback } from '../api/feedback';

// Several antd App roots may be mounted at once (the shell's, and the host that serves the session check before
// the shell exists); the request client talks to the newest, and falls back to the previous when it goes.
const stack: Feedback[] = [];

export function pushFeedback(api: Feedback): () => void {
  stack.push(api);
  setFeedback(api);
  return () => {
    const at = stack.lastIndexOf(api);
    if (at >= 0) stack.splice(at, 1);
    setFeedback(stack.at(-1) ?? null);
  };
}
