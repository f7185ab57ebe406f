// Who may watch, play back and talk (docs/media.md "Permissions"): the video and talk buttons live in the live map's
// and the line map's info box, and Monitoring → Live video / VOD are screens of their own; view on any of them.

const SCREENS = ['MonitoringMap', 'MonitoringLineMap', 'MonitoringVideo', 'MonitoringVod'] as const;

export const VIDEO_VIEW = { screen: SCREENS, need: 'view' } as const;
