import { DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/download';
import { usePermission } from '../../../shell/view-host/view-context';
import {
  byteSize,
  EXPORT_FORMATS,
  EXPORT_MAX_ROWS,
  type ExportChoice,
  type ExportFormat,
  type ExportRequest,
  exportQuery,
} from './export-choice';
import { saveDownload } from './save';

export interface ExportMenuProps {
  /** The screen's export call for its current filter. */
  request: () => ExportRequest;
  /** The list's page as shown, for "current page". */
  paging: { page: number; limit: number };
  /** File name when the server sends none (without extension). */
  fileBase: string;
  /** The query form's validation: the export waits for it, and does nothing when it fails (spec "Query bar"). */
  validate?: () => Promise<unknown>;
  /** Screens whose export is Excel only. */
  formats?: readonly ExportFormat[];
  testId?: string;
}

/**
 * The query bar's export dropdown: current page or all (up to 65,535 rows) × Excel, PDF, Word. Shown only with
 * the screen's export bit. While the file streams in, the button says how much has arrived.
 */
export function ExportMenu({ request, paging, fileBase, validate, formats = EXPORT_FORMATS, testId }: ExportMenuProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const [received, setReceived] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  if (!can('export')) return null;

  async function run(choice: ExportChoice) {
    if (validate) {
      try {
        await validate();
      } catch {
        return; // the form shows what is wrong
      }
    }
    const call = request();
    const controller = new AbortController();
    abort.current = controller;
    setReceived(0);
    try {
      const file = await download(call.method, call.path, {
        query: { ...call.query, ...exportQuery(choice, paging) },
        body: call.body,
        signal: controller.signal,
        onProgress: setReceived,
      });
      saveDownload(file, `${fileBase}.${choice.format}`);
      if (choice.scope === 'all' && file.total !== null && file.total > EXPORT_MAX_ROWS) {
        void message.warning(t('io.export.truncated', { rows: EXPORT_MAX_ROWS, total: file.total }));
      } else {
        void message.success(t('io.export.done'));
      }
    } catch {
      // The request client has said why (or the user cancelled).
    } finally {
      abort.current = null;
      setReceived(null);
    }
  }

  const formatLabel = (format: ExportFormat) => t(`io.export.${format}`);
  const items: MenuProps['items'] = (['page', 'all'] as const).map((scope) => ({
    type: 'group' as const,
    key: scope,
    label: scope === 'page' ? t('io.export.page') : t('io.export.all', { max: EXPORT_MAX_ROWS.toLocaleString() }),
    children: formats.map((format) => ({
      key: `${scope}:${format}`,
      label: formatLabel(format),
      'data-testid': testId ? `${testId}-${scope}-${format}` : undefined,
    })),
  }));

  const running = received !== null;
  // The dropdown stays mounted while a file streams in (its menu keeps its handlers); the button shows the bytes
  // received and cancels on click.
  return (
    <Dropdown
      trigger={['click']}
      disabled={running}
      menu={{
        items,
        onClick: ({ key }) => {
          const [scope, format] = key.split(':') as [ExportChoice['scope'], ExportFormat];
          void run({ scope, format });
        },
      }}
    >
      <Button
        icon={running ? <LoadingOutlined /> : <DownloadOutlined />}
        // Dropdown passes its disabled to the button unless the button says: cancelling must stay possible.
        disabled={false}
        onClick={running ? () => abort.current?.abort() : undefined}
        title={running ? t('io.export.cancel') : undefined}
        data-testid={testId}
      >
        {running ? t('io.export.progress', { size: byteSize(received) }) : t('io.export.button')}
      </Button>
    </Dropdown>
  );
}
