// Who may command vehicles (spec section 6 "Used"): the chat, command and snapshot windows open from the live map
// and the line map, so either screen's mask governs them. Reads (attributes, parameters, capabilities, the
// message log of one's own sends) need view; anything that changes a terminal or the fleet needs edit.

const SCREENS = ['MonitoringMap', 'MonitoringLineMap'] as const;

export const COMMAND_READ = { screen: SCREENS, need: 'view' } as const;
export const COMMAND_WRITE = { screen: SCREENS, need: 'edit' } as const;

/** The log screens (System → Command log / Message log). */
export const DISPATCH_LOG_READ = { screen: 'SystemLogDispatch', need: 'view' } as const;
export const DISPATCH_LOG_EXPORT = { screen: 'SystemLogDispatch', need: 'export' } as const;
export const MESSAGE_LOG_READ = { screen: ['SystemLogMessage', ...SCREENS], need: 'view' } as const;
export const MESSAGE_LOG_EXPORT = { screen: 'SystemLogMessage', need: 'export' } as const;
