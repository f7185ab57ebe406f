import { InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GtfsImportJob, gtfsApi, uploadGtfs } from './api';
import { GtfsImportReportView } from './GtfsImportReport';

// Import GTFS (Basic → Line's GTFS menu): choose the zip, watch it upload, then the job's bar with its stage, then
// the report. The list behind refreshes when a job has written (onImported). Loaded only when opened.

/** How often the running job is asked for: the bar moves smoothly and the server answers from memory. */
const POLL_MS = 400;

type Phase = { step: 'choose' } | { step: 'uploading'; sent: number } | { step: 'job'; jobId: string };

export function GtfsImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation('basic-lines');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const jobId = phase.step === 'job' ? phase.jobId : null;
  const job = useQuery({
    queryKey: ['gtfs-import-job', jobId],
    queryFn: () => gtfsApi.job(jobId!),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' || !query.state.data ? POLL_MS : false),
  });
  const finished = job.data && job.data.state !== 'running' ? job.data : null;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (finished?.state === 'done' && told.current !== finished.job_id) {
      told.current = finished.job_id;
      onImported();
    }
  }, [finished, onImported]);

  async function start() {
    if (!file) return;
    setPhase({ step: 'uploading', sent: 0 });
    try {
      const id = await uploadGtfs(file, (sent) => setPhase({ step: 'uploading', sent }));
      setPhase({ step: 'job', jobId: id });
    } catch {
      // The request client has said why (not a zip, too large, an import already running).
      setPhase({ step: 'choose' });
    }
  }

  const footer =
    phase.step === 'choose' ? (
      <Space>
        <Button onClick={onClose}>{t('basicLines.gtfs.close')}</Button>
        <Button type="primary" disabled={!file} onClick={() => void start()} data-testid="gtfs-import-start">
          {t('basicLines.gtfs.start')}
        </Button>
      </Space>
    ) : (
      <Space>
        {finished && (
          <Button
            onClick={() => {
              setFile(null);
              setPhase({ step: 'choose' });
            }}
            data-testid="gtfs-import-again"
          >
            {t('basicLines.gtfs.again')}
          </Button>
        )}
        <Button type="primary" disabled={!finished} onClick={onClose} data-testid="gtfs-import-close">
          {t('basicLines.gtfs.close')}
        </Button>
      </Space>
    );

  return (
    <Modal
      open
      title={t('basicLines.gtfs.title')}
      width={760}
      onCancel={onClose}
      maskClosable={false}
      footer={footer}
      destroyOnHidden
    >
      <div data-testid="gtfs-import-dialog">
        {phase.step === 'choose' && (
          <Upload.Dragger
            accept=".zip,application/zip"
            maxCount={1}
            fileList={file ? [{ uid: 'feed', name: file.name, size: file.size, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
            data-testid="gtfs-import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('basicLines.gtfs.choose')}</p>
            <p className="ant-upload-hint">{t('basicLines.gtfs.hint')}</p>
          </Upload.Dragger>
        )}
        {phase.step === 'uploading' && (
          <Progressing label={t('basicLines.gtfs.uploading')} percent={Math.floor(phase.sent * 100)} />
        )}
        {phase.step === 'job' && !finished && (
          <Progressing
            label={t(`basicLines.gtfs.stage.${job.data?.stage ?? 'queued'}`)}
            percent={job.data?.progress ?? 0}
          />
        )}
        {finished && <Outcome job={finished} />}
      </div>
    </Modal>
  );
}

function Progressing({ label, percent }: { label: string; percent: number }) {
  return (
    <div data-testid="gtfs-import-progress" data-percent={percent}>
      <Typography.Text data-testid="gtfs-import-stage">{label}</Typography.Text>
      <Progress percent={percent} status="active" />
    </div>
  );
}

function Outcome({ job }: { job: GtfsImportJob }) {
  const { t } = useTranslation('basic-lines');
  const report = job.report;
  const changed =
    report &&
    [report.created, report.updated, report.removed].some((counts) => Object.values(counts).some((n) => n > 0));
  const title =
    job.state === 'failed'
      ? t('basicLines.gtfs.failed')
      : changed
        ? t('basicLines.gtfs.done')
        : t('basicLines.gtfs.nothingChanged');
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="gtfs-import-outcome" data-state={job.state}>
      <Alert
        type={job.state === 'failed' ? 'error' : changed ? 'success' : 'info'}
        showIcon
        title={title}
        description={job.state === 'failed' && !report?.refused.length ? job.error : undefined}
        data-testid="gtfs-import-result"
      />
      {report && <GtfsImportReportView report={report} />}
    </Space>
  );
}
