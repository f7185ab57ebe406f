import type { Jt808Message } from '@headway/protocol';
import { type CommandState, CommandStateCode, type DispatchAction } from '@headway/spec';
import { type CommandContext, exchange } from '../../commands/device/exchange.ts';
import type { CommandTarget } from '../../commands/target.ts';
import type { RegionPushOutcome } from '../../contract/region-pushes.ts';
import { ApiError, ErrorCode, isApiError } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import { insertPush, settlePush } from './pushes.ts';

// Sends one region's set (or delete) to each vehicle: a row in region_pushes and one in the dispatch log (through
// exchange), both settled with the terminal's 0x0001 — 2 acknowledged, 3 refused with its result byte, 4 not
// reachable with 1101. One vehicle failing does not stop the others: the caller gets every vehicle's outcome.

/** Marks a 0x0001 refusal apart from an unreachable terminal (both are 1101 to exchange's callers). */
class Refused extends ApiError {
  constructor(readonly result: number) {
    super(ErrorCode.processing, { result }, 'terminal refused the region');
  }
}

export async function sendRegionCommand(
  ctx: CommandContext,
  targets: readonly CommandTarget[],
  message: Jt808Message,
  regionId: number,
  action: DispatchAction,
): Promise<RegionPushOutcome[]> {
  return Promise.all(
    targets.map(async (target): Promise<RegionPushOutcome> => {
      const pushId = await insertPush(ctx.db, {
        companyId: ctx.caller.companyId,
        regionId,
        vehicleId: target.vehicleId,
        command: message.msgId,
        account: ctx.caller.account,
        sendTime: epochSeconds(ctx.clock),
      });
      let state: CommandState;
      let result: number | null;
      try {
        await exchange(
          ctx,
          { target, message, action, request: { region_id: regionId } },
          0x0001,
          (r) => new Refused(r),
        );
        state = CommandStateCode.replied;
        result = 0;
      } catch (error) {
        if (error instanceof Refused) {
          state = CommandStateCode.refused;
          result = error.result;
        } else if (isApiError(error) && error.code === ErrorCode.processing) {
          state = CommandStateCode.unreachable;
          result = ErrorCode.processing;
        } else {
          throw error;
        }
      }
      await settlePush(ctx.db, pushId, { state, result, replyTime: epochSeconds(ctx.clock) });
      return { car_id: target.vehicleId, car_name: target.carName, state, result };
    }),
  );
}
