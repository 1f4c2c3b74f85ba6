/** The Spanish messages package ships no types: it is one messages object. */
declare module "@blackbox-vision/ra-language-spanish" {
  import type { TranslationMessages } from "react-admin";

  const messages: TranslationMessages;
  export default messages;
}
