// Written for webdistill's test: the declaration shapes of autoconsent's lib/cmps/onetrust.ts
// and trustarc-top.ts (a constant named in a template string).
const bannerOverlay = '#field-overlay';

export default class FieldManager extends AutoConsentCMPBase {
    name = 'field-manager';
    prehideSelectors = ['#field-consent-sdk,.field-dark-filter,div[id^="field-frame-"]', `.field-box,${bannerOverlay},${undefinedName}`];
}
