/** The wizard's one state machine: every screen is a function of this state (issue 7). */

export type Screen = 'welcome' | 'machine' | 'choose' | 'plan' | 'install' | 'verify' | 'troubleshoot';

export interface WizardState {
  screen: Screen;
  history: Screen[];
}

export type WizardAction = { type: 'go'; screen: Screen } | { type: 'back' };

export const initialWizardState: WizardState = { screen: 'welcome', history: [] };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'go':
      return action.screen === state.screen ? state : { screen: action.screen, history: [...state.history, state.screen] };
    case 'back': {
      const previous = state.history.at(-1);
      return previous ? { screen: previous, history: state.history.slice(0, -1) } : state;
    }
  }
}
