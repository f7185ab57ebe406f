import {
  AUDIO_OUTPUT,
  AUDIO_SAMPLE_BITS,
  AUDIO_SAMPLING_RATES,
  avCodeName,
  type Label,
  labelIn,
  languageOf,
} from '@headway/spec';
import { Button, Descriptions, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowVehicle } from '../../../windows/window-kinds';
import { type AvCapability, commandsApi } from '../api';
import type { CommandRun } from '../command-result';

interface AvPanelProps extends CommandRun {
  vehicle: WindowVehicle;
}

function codeOf(table: { readonly [code: number]: string }, code: number): string {
  return table[code] ?? String(code);
}

/** Audio/video capabilities (0x9003 → 0x1003), shown with the JT/T 1078 code tables (@headway/spec av-codes.ts). */
export function AvPanel({ vehicle, busy, run }: AvPanelProps) {
  const { t, i18n } = useTranslation('commands');
  const language = languageOf(i18n.language) ?? 'en';
  const [av, setAv] = useState<AvCapability | null>(null);

  const read = async () => {
    const result = await run('av', () => commandsApi.avCapability({ imei: vehicle.imei }));
    if (result) setAv(result);
  };

  const output: Label | undefined = av ? AUDIO_OUTPUT[av.audio_output as keyof typeof AUDIO_OUTPUT] : undefined;

  return (
    <div className="hw-command__panel" data-testid="av-panel">
      <div className="hw-command__toolbar">
        <Button
          type="primary"
          disabled={busy !== null}
          loading={busy === 'av'}
          onClick={() => void read()}
          data-testid="av-read"
        >
          {t('commands.read')}
        </Button>
      </div>
      {av ? (
        <Descriptions size="small" bordered column={2} data-testid="av-result">
          <Descriptions.Item label={t('commands.av.audioEncode')}>
            {avCodeName(av.audio_encode, language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.av.audioChannel')}>{av.audio_channel}</Descriptions.Item>
          <Descriptions.Item label={t('commands.av.audioSampling')}>
            {codeOf(AUDIO_SAMPLING_RATES, av.audio_sampling)}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.av.audioSamplingBit')}>
            {codeOf(AUDIO_SAMPLE_BITS, av.audio_sampling_bit)}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.av.frameLength')}>{av.frame_length}</Descriptions.Item>
          <Descriptions.Item label={t('commands.av.audioOutput')}>
            {output ? labelIn(output, language) : av.audio_output}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.av.videoEncode')}>
            {avCodeName(av.video_encode, language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.av.maxAudio')}>{av.max_audio}</Descriptions.Item>
          <Descriptions.Item label={t('commands.av.maxVideo')}>{av.max_video}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('commands.notRead')} />
      )}
    </div>
  );
}
