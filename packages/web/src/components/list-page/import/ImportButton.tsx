import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shell/view-host/view-context';
import type { ImportReport } from './api';

// The dialog (and the upload code) load on the first click: list pages and the login page do not carry them.
const ImportDialog = lazy(() => import('./ImportDialog'));

export interface ImportButtonProps {
  path: string;
  fileBase: string;
  onImported: (report: ImportReport) => void;
  testId: string;
}

/** A list page's Import button, shown only with the screen's import bit. */
export function ImportButton({ path, fileBase, onImported, testId }: ImportButtonProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const [open, setOpen] = useState(false);
  if (!can('import')) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {t('io.import.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog
            path={path}
            fileBase={fileBase}
            onClose={() => setOpen(false)}
            onImported={onImported}
            testId={`${testId}-dialog`}
          />
        </Suspense>
      )}
    </>
  );
}
