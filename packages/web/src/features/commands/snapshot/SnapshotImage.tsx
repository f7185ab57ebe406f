import { FileImageOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../alarms/evidence/use-evidence';
import { commandsApi, commandsKeys, type SnapshotRow } from '../api';

/** Pictures stay cached a little after the window closes; their URLs do not outlive the element. */
const IMAGE_CACHE_MS = 60_000;

/** A stored snapshot, fetched with the signed client and shown from a blob URL. */
export function SnapshotImage({ row, testId }: { row: SnapshotRow; testId: string }) {
  const { t } = useTranslation('commands');
  const bytes = useQuery({
    queryKey: commandsKeys.snapshotImage(row.id),
    queryFn: ({ signal }) => commandsApi.snapshotImage(row.id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: IMAGE_CACHE_MS,
    retry: 1,
  });
  const url = useObjectUrl(bytes.data);
  const alt = `${row.car_name} · ${row.chn}`;
  if (url) return <img className="hw-snapshot__image" src={url} alt={alt} data-testid={testId} draggable={false} />;
  return (
    <div className="hw-snapshot__placeholder" role="img" aria-label={alt}>
      {bytes.isError ? (
        <span>
          <FileImageOutlined /> {t('commands.snapshot.imageFailed')}
        </span>
      ) : (
        <Spin />
      )}
    </div>
  );
}
