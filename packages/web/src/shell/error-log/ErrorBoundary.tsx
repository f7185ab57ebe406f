import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../../i18n';
import { describe, useErrorLog } from './store';

interface Props {
  children: ReactNode;
}

/** Catches a crashing page, logs it (message, component stack, URL, stack) and keeps the shell alive. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const { message, stack } = describe(error);
    useErrorLog.getState().add({ message, info: `React: ${info.componentStack?.trim() ?? ''}`, stack });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="error"
        title={i18n.t('errors.viewCrashed')}
        extra={
          <Button type="primary" onClick={() => this.setState({ failed: false })}>
            {i18n.t('errors.reload')}
          </Button>
        }
      />
    );
  }
}
