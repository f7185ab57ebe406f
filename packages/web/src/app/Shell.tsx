import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from '../shell/layout/Layout';
import { FeedbackApp } from './FeedbackApp';
import { queryClient } from './query-client';

/** Everything a signed-in user gets, loaded after sign-in: TanStack Query, antd's feedback holders, the layout. */
export function Shell() {
  return (
    <QueryClientProvider client={queryClient}>
      <FeedbackApp>
        <Layout />
      </FeedbackApp>
    </QueryClientProvider>
  );
}
