// System → Command log (menu component 'system/log-dispatch/index'). The screen lives with the commands it lists
// (features/commands/dispatch-log); its strings are the `commands` namespace, which react-i18next loads on first
// render (this folder's own `system` is not a namespace the view loader preloads).
export { default } from '../../commands/dispatch-log/DispatchLogScreen';
