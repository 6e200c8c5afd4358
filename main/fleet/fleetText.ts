import { translator } from '../../shared/i18n/localize.js';
import fleetEn from '../../locales/en/fleet.json' with { type: 'json' };
import fleetZhCN from '../../locales/zh-CN/fleet.json' with { type: 'json' };

/** The fleet report's own sentences (a host whose run stopped); the environments table speaks `environments`. */
export const fleetText = translator('fleet', fleetEn, fleetZhCN);
