export { ExpoScreen } from './components/expo-screen';
export { StationPicker } from './components/station-picker';
export { StationScreen } from './components/station-screen';
