import { BrowserRouter } from 'react-router';
import { AppRoutes } from './AppRoutes';
import { FeedbackHost } from './FeedbackHost';
import { Providers } from './Providers';

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <FeedbackHost />
    </Providers>
  );
}
