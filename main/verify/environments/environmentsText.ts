/** The catalog lives in shared/: the CLI's table and the wizard's view say the same words. */
export { environmentsText } from '../../../shared/environments/environmentsText.js';
