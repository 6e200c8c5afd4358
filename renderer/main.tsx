import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/i18n.js';
import { openApi } from './api/index.js';
import { App } from './App.js';
import { ServeAccessScreen } from './screens/ServeAccessScreen.js';
import { ApiContext } from './wizard/ApiContext.js';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
const showServeAccess = (): void => root.render(<StrictMode><ServeAccessScreen /></StrictMode>);
const api = openApi(showServeAccess);

if (!api) showServeAccess();
else
  root.render(
    <StrictMode>
      <ApiContext.Provider value={api}>
        <App />
      </ApiContext.Provider>
    </StrictMode>,
  );
