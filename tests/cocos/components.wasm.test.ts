// The component tests on the WebAssembly build, loaded the web way (bytes from the generated module).
import { defineComponentTests } from './components.suite';

defineComponentTests('baseline');
