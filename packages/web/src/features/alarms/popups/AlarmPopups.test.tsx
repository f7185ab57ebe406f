import type { AlarmPreference } from '@headway/server/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import AlarmCounter from '../centre/AlarmCounter';
import { alarmCentre, useAlarmCentre } from '../centre/centre-store';
import { SOS_CODE } from '../centre/popup-rules';
import { alarm, clientWithOwnTypes, GNSS_FAULT, NOW, SPEEDING } from '../centre/test-alarms';
import type { AudioLike } from '../sound/alarm-sound';
import { AlarmPopups } from './AlarmPopups';

const pref = (code: number, is_show: 0 | 1, duration: number): AlarmPreference => ({
  platform_alarm_id: code,
  web_notice: 0,
  app_notice: 0,
  mail_notice: 1,
  is_show,
  duration,
});

/** An audio element that records what it was asked, refusing to play until `allow`. */
function fakeAudio() {
  const calls: string[] = [];
  let allowed = false;
  const audio: AudioLike = {
    loop: false,
    currentTime: 0,
    play: () => {
      calls.push('play');
      return allowed
        ? Promise.resolve()
        : Promise.reject(Object.assign(new Error('gesture'), { name: 'NotAllowedError' }));
    },
    pause: () => {
      calls.push('pause');
    },
  };
  return {
    audio,
    calls,
    urls: [] as string[],
    allow() {
      allowed = true;
    },
  };
}

describe('live alarm popups', { timeout: 30_000 }, () => {
  componentSuite(() => {
    vi.useRealTimers();
    alarmCentre.reset();
  });
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    alarmCentre.reset();
    alarmCentre.setNotices([pref(SPEEDING, 1, 3), pref(GNSS_FAULT, 0, 30), pref(SOS_CODE, 1, 0)]);
  });
  function renderPopups() {
    const sound = fakeAudio();
    renderInApp(
      <AlarmPopups
        createAudio={(url) => {
          sound.urls.push(url);
          return sound.audio;
        }}
      />,
      clientWithOwnTypes(),
    );
    return sound;
  }

  it('opens one per car for types shown as popups, counts down and closes after the duration', async () => {
    const sound = renderPopups();
    await act(async () => {
      alarmCentre.ingest([alarm(1, SPEEDING), alarm(1, SOS_CODE), alarm(2, GNSS_FAULT), alarm(3, SOS_CODE)], NOW);
    });
    const popups = screen.getAllByTestId('alarm-popup');
    expect(popups.map((p) => p.getAttribute('data-car'))).toEqual(['1', '3']);
    expect(popups[0]?.textContent).toContain('Bus 1');
    expect(popups[0]?.textContent).toContain('Speeding');
    // SOS stays until closed: no countdown.
    expect(screen.getAllByTestId('alarm-popup-countdown').map((c) => c.textContent)).toEqual(['Closes in 3 s']);
    expect(sound.urls).toEqual(['/sounds/alarm.mp3']);

    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByTestId('alarm-popup-countdown').textContent).toBe('Closes in 2 s');
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getAllByTestId('alarm-popup').map((p) => p.getAttribute('data-car'))).toEqual(['3']);

    // The last one closed by hand: nothing left, the sound stops.
    await act(async () => {
      fireEvent.click(screen.getByTestId('alarm-popup-close'));
    });
    expect(screen.queryByTestId('alarm-popups')).toBeNull();
    expect(sound.calls.at(-1)).toBe('pause');
  });

  it('opens the alarm from the popup and closes the popup', async () => {
    renderPopups();
    const sos = alarm(9, SOS_CODE);
    await act(async () => {
      alarmCentre.ingest([sos], NOW);
    });
    await act(async () => {
      fireEvent.click(screen.getByText('View the alarm'));
    });
    expect(useAlarmCentre.getState().evidence).toEqual(sos);
    expect(screen.queryByTestId('alarm-popup')).toBeNull();
  });

  it('offers to turn the sound on when the browser blocks it, and plays it on that click', async () => {
    const sound = renderPopups();
    await act(async () => {
      alarmCentre.ingest([alarm(4, SOS_CODE)], NOW);
    });
    const button = screen.getByTestId('alarm-sound-blocked');
    expect(button.textContent).toContain('Sound blocked');
    sound.allow();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(sound.calls.filter((c) => c === 'play')).toHaveLength(2);
    expect(screen.queryByTestId('alarm-sound-blocked')).toBeNull();
    expect(sound.audio.loop).toBe(true);
  });

  it('says how many more wait when more than five cars alarm at once', async () => {
    renderPopups();
    await act(async () => {
      alarmCentre.ingest(
        Array.from({ length: 8 }, (_, i) => alarm(50 + i, SOS_CODE)),
        NOW,
      );
    });
    expect(screen.getAllByTestId('alarm-popup')).toHaveLength(5);
    expect(screen.getByTestId('alarm-popups-more').textContent).toBe('3 more waiting');
  });
});

describe('the navbar alarm counter', { timeout: 30_000 }, () => {
  componentSuite(() => alarmCentre.reset());

  it('shows the unread count, capped at 99', async () => {
    render(<AlarmCounter />);
    await act(async () => alarmCentre.setUnread(7));
    expect(screen.getByTestId('alarm-counter').textContent).toContain('7');
    expect(screen.getByTestId('alarm-counter').getAttribute('aria-label')).toBe('Unread alarms: 7');
    await act(async () => alarmCentre.setUnread(150));
    expect(screen.getByTestId('alarm-counter').textContent).toContain('99+');
    expect(screen.getByTestId('alarm-counter').getAttribute('aria-label')).toBe('Unread alarms: 150');
    fireEvent.click(screen.getByTestId('alarm-counter'));
    expect(useAlarmCentre.getState().listOpen).toBe(true);
  });
});
