// Written for webdistill's test: the declaration shape of autoconsent's lib/cmps/onetrust.ts.
export default class FieldManager extends AutoConsentCMPBase {
    name = 'field-manager';
    prehideSelectors = ['#field-consent-sdk,.field-dark-filter,div[id^="field-frame-"]'];
}
