// The component tests on the WebAssembly build, loaded the web way (the .wasm fetched beside the page).
import { defineComponentTests } from './components.suite';

defineComponentTests('baseline');
