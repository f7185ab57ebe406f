import { AppstoreOutlined, ClearOutlined, DownOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { VIDEO_SPLIT_BUTTONS, VIDEO_SPLITS, type VideoSplit } from '@headway/spec';
import { Button, Dropdown, Empty, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../channels';
import { gridLayout } from '../grid/layouts';
import { clearAll, closeSlot, initialGrid, openAll, openChannel, setSplit, setStream } from './grid-state';
import { VideoCell } from './VideoCell';
import '../video.css';

export interface LiveVideoPanelProps {
  imei: string;
  cameras: Camera[];
  /** Open every channel at once (the SOS window). */
  autoOpenAll?: boolean;
  /** Only the grid and its windows' own tools (the SOS window's pane). */
  compact?: boolean;
  initialSplit?: VideoSplit;
}

/**
 * The live video grid (spec section 4 "Video dialog"): grid buttons 1, 4, 6, 9, 16 and the other views, clear all,
 * a button per camera channel, open all; each window with its stream switch, flip, sound and close.
 */
export function LiveVideoPanel({
  imei,
  cameras,
  autoOpenAll = false,
  compact = false,
  initialSplit = 4,
}: LiveVideoPanelProps) {
  const { t } = useTranslation('video');
  const [grid, setGrid] = useState(() =>
    autoOpenAll ? openAll(initialGrid(initialSplit), cameras) : initialGrid(initialSplit),
  );
  // Another vehicle (the screen's picker) starts from an empty grid; the SOS pane opens its cameras.
  // biome-ignore lint/correctness/useExhaustiveDependencies: imei is the trigger (another vehicle), not read inside
  useEffect(() => {
    setGrid((g) => (autoOpenAll ? openAll(clearAll(g), cameras) : clearAll(g)));
  }, [imei, autoOpenAll, cameras]);
  const layout = useMemo(() => gridLayout(grid.split), [grid.split]);
  const otherViews = VIDEO_SPLITS.filter((s) => !(VIDEO_SPLIT_BUTTONS as readonly number[]).includes(s));
  const openChannels = new Set(grid.slots.filter((s) => s !== null).map((s) => s.chn));

  return (
    <div className={`hw-video${compact ? ' hw-video--compact' : ''}`} data-testid="live-video-panel">
      {!compact && (
        <div className="hw-video__toolbar">
          <Space.Compact>
            {VIDEO_SPLIT_BUTTONS.map((split) => (
              <Button
                key={split}
                size="small"
                type={grid.split === split ? 'primary' : 'default'}
                icon={<AppstoreOutlined />}
                aria-pressed={grid.split === split}
                aria-label={t('video.grid', { count: split })}
                title={t('video.grid', { count: split })}
                onClick={() => setGrid((g) => setSplit(g, split))}
                data-testid={`video-split-${split}`}
              >
                {split}
              </Button>
            ))}
            <Dropdown
              trigger={['click']}
              menu={{
                selectedKeys: [String(grid.split)],
                items: otherViews.map((s) => ({ key: String(s), label: t('video.grid', { count: s }) })),
                onClick: ({ key }) => setGrid((g) => setSplit(g, Number(key) as VideoSplit)),
              }}
            >
              <Button size="small" data-testid="video-split-more">
                {t('video.views')} <DownOutlined />
              </Button>
            </Dropdown>
          </Space.Compact>
          <Button size="small" icon={<ClearOutlined />} onClick={() => setGrid(clearAll)} data-testid="video-clear-all">
            {t('video.clearAll')}
          </Button>
          <Button
            size="small"
            icon={<PlayCircleOutlined />}
            disabled={cameras.length === 0}
            onClick={() => setGrid((g) => openAll(g, cameras))}
            data-testid="video-open-all"
          >
            {t('video.openAll')}
          </Button>
        </div>
      )}
      {!compact && (
        <fieldset className="hw-video__channels" aria-label={t('video.channels')}>
          {cameras.length === 0 && <span className="hw-video__hint">{t('video.noChannels')}</span>}
          {cameras.map((c) => (
            <Button
              key={c.chn}
              size="small"
              type={openChannels.has(c.chn) ? 'primary' : 'default'}
              aria-pressed={openChannels.has(c.chn)}
              onClick={() => setGrid((g) => openChannel(g, c))}
              data-testid={`video-channel-${c.chn}`}
            >
              {c.name}
            </Button>
          ))}
        </fieldset>
      )}
      {compact && cameras.length === 0 ? (
        <Empty description={t('video.noChannels')} />
      ) : (
        <div
          className="hw-video__grid"
          style={{
            gridTemplateColumns: `repeat(${layout.size}, minmax(0, 1fr))`,
            gridTemplateRows: `repeat(${layout.size}, minmax(0, 1fr))`,
          }}
          data-testid="video-grid"
          data-split={grid.split}
        >
          {layout.cells.map((cell, i) => {
            const slot = grid.slots[i];
            const area = {
              gridColumn: `${cell.column} / span ${cell.span}`,
              gridRow: `${cell.row} / span ${cell.span}`,
            };
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a window is its place in the view; the cell inside is keyed by its channel's slot
              <div key={`${grid.split}-${i}`} style={area} className="hw-video__area">
                {slot ? (
                  <VideoCell
                    key={slot.key}
                    imei={imei}
                    slot={slot}
                    index={i}
                    selected={grid.selected === i}
                    onSelect={() => setGrid((g) => ({ ...g, selected: i }))}
                    onClose={() => setGrid((g) => closeSlot(g, i))}
                    onStream={(stream) => setGrid((g) => setStream(g, i, stream))}
                  />
                ) : (
                  <button
                    type="button"
                    className={`hw-video-cell hw-video-cell--empty${grid.selected === i ? ' hw-video-cell--selected' : ''}`}
                    onClick={() => setGrid((g) => ({ ...g, selected: i }))}
                    aria-label={t('video.window', { index: i + 1 })}
                    data-testid={`video-cell-${i}`}
                    data-status="empty"
                  >
                    {t('video.window', { index: i + 1 })}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
