// The public surface of the voice feature: the Capture card's lazy stub (everything else loads with it).
export { VoiceAssistant } from './components/voice-assistant';
