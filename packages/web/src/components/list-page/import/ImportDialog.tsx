import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveDownload } from '../export/save';
import { IMPORT_MAX_BYTES, type ImportReport, importApi } from './api';

export interface ImportDialogProps {
  /** The screen's import path, e.g. /basic/cars/import. */
  path: string;
  /** Template file name when the server sends none. */
  fileBase: string;
  onClose: () => void;
  /** After a commit: the list refreshes. */
  onImported: (report: ImportReport) => void;
  testId?: string;
}

/**
 * Template → choose an .xlsx → the server's preview (rows to create and update, refused rows by row, column and
 * reason) → Import, enabled only when nothing is refused, since the server writes all rows or none.
 */
export default function ImportDialog({
  path,
  fileBase,
  onClose,
  onImported,
  testId = 'import-dialog',
}: ImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ name: string; bytes: Uint8Array<ArrayBuffer> } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'template' | 'preview' | 'commit' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function template() {
    setBusy('template');
    try {
      saveDownload(await importApi.template(path), `${fileBase}.xlsx`);
    } finally {
      setBusy(null);
    }
  }

  async function choose(chosen: File) {
    setReport(null);
    setFile(null);
    if (!chosen.name.toLowerCase().endsWith('.xlsx')) return setProblem(t('io.import.notXlsx'));
    if (chosen.size > IMPORT_MAX_BYTES) return setProblem(t('io.import.tooLarge'));
    setProblem(null);
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    setFile({ name: chosen.name, bytes });
    setBusy('preview');
    try {
      setReport(await importApi.preview(path, bytes));
    } catch {
      // The failure was shown by the client (not a workbook, a missing column, too large).
    } finally {
      setBusy(null);
    }
  }

  async function commit() {
    if (!file) return;
    setBusy('commit');
    try {
      const done = await importApi.commit(path, file.bytes);
      void message.success(t('io.import.done', { created: done.created, updated: done.updated }));
      onImported(done);
      onClose();
    } catch {
      // Shown by the client; the preview stays for the user to read.
    } finally {
      setBusy(null);
    }
  }

  const refused = report?.refused ?? [];
  return (
    <Modal
      open
      title={t('io.import.title')}
      width={720}
      onCancel={onClose}
      data-testid={testId}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            disabled={!report || refused.length > 0 || report.rows === 0}
            loading={busy === 'commit'}
            onClick={() => void commit()}
            data-testid={`${testId}-commit`}
          >
            {t('io.import.commit')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'template'}
            onClick={() => void template()}
            data-testid={`${testId}-template`}
          >
            {t('io.import.template')}
          </Button>
          <Upload
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(chosen) => {
              void choose(chosen);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy === 'preview'} data-testid={`${testId}-choose`}>
              {t('io.import.choose')}
            </Button>
          </Upload>
          {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        </Space>
        {problem && <Alert type="error" showIcon title={problem} data-testid={`${testId}-problem`} />}
        {report && (
          <Alert
            type={refused.length > 0 ? 'warning' : 'info'}
            showIcon
            data-testid={`${testId}-summary`}
            title={t('io.import.summary', {
              rows: report.rows,
              created: report.created,
              updated: report.updated,
              refused: refused.length,
            })}
            description={refused.length > 0 ? t('io.import.fixFirst') : undefined}
          />
        )}
        {refused.length > 0 && (
          <Table
            size="small"
            rowKey={(r) => `${r.row}:${r.column}`}
            dataSource={refused}
            pagination={refused.length > 10 ? { pageSize: 10 } : false}
            data-testid={`${testId}-refused`}
            columns={[
              { title: t('io.import.row'), dataIndex: 'row', width: 80 },
              { title: t('io.import.column'), dataIndex: 'column', width: 180 },
              { title: t('io.import.reason'), dataIndex: 'reason' },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
