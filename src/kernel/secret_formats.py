"""Published secret formats, kept as data: which strings are credentials, which are public.

`credentials.py` refuses a URL that carries one of these. The provider formats are taken from
the secret scanners' own rule lists, not guessed:

- gitleaks `config/gitleaks.toml` (github.com/gitleaks/gitleaks, v8.30.0-27-gb58d3f10,
  commit b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b): rule ids are given per entry.
- trufflehog detectors (github.com/trufflesecurity/trufflehog, commit
  3ab759fef4bb5935d4fe9ac68b503d05346b8364, `pkg/detectors/<name>/<name>.go`): for the
  webhook URLs, the Telegram bot token, Mapbox secret tokens and the providers gitleaks lacks.
- GitHub's token format (github.blog 2021-04-05 "Behind GitHub's new authentication token
  formats") and npm's (github.blog 2021-09-23 "Announcing npm's new access token format"):
  30 base62 characters then a 6-character base62 CRC32 checksum of them.

Each format is anchored so it cannot start inside a longer word (the scanners anchor the same
way); where a scanner requires an exact length the length is kept. Formats gitleaks only
recognises next to a keyword ("discord", "heroku"...) are left to the name rule instead.
JSON Web Tokens are not a format here: a JWT in a link is most often an invitation, a signed
embed or a verification link the site minted to be followed; one under a secret *name*
(`access_token=eyJ...`) is still refused by the name rule.

Stdlib only; nothing here raises.
"""

from __future__ import annotations

import binascii
import re
from typing import NamedTuple

#: (rule id, source, regular expression). The id names the scanner rule it comes from.
PROVIDER_FORMATS: tuple[tuple[str, str, str], ...] = (
    ("openai-api-key", "gitleaks",
     r"sk-(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{58,74}T3BlbkFJ[A-Za-z0-9_\-]{58,74}"
     r"|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}"),
    # The prefixes gitleaks keys these rules on ("sk-ant-api03", "sk-proj"...) are
    # unambiguous on their own: a shorter or reformatted key after one is still a key.
    ("openai/anthropic prefixes", "gitleaks keywords",
     r"sk-(?:proj|svcacct|admin|ant-(?:api|admin)\d\d)-[A-Za-z0-9_\-]{20,}"),
    ("anthropic-api-key", "gitleaks", r"sk-ant-(?:api03|admin01)-[A-Za-z0-9_\-]{93}AA"),
    # gitleaks: gh[pousr]_[0-9a-zA-Z]{36}; trufflehog github/v2 also reads the longer
    # installation tokens with "_" in them.
    ("github-pat", "gitleaks+trufflehog", r"gh[pousr]_[0-9A-Za-z_]{36,255}"),
    ("github-fine-grained-pat", "gitleaks", r"github_pat_\w{82}"),
    ("gitlab-pat", "gitleaks", r"glpat-[\w\-]{20}"),
    ("gitlab-tokens", "gitleaks",
     r"gl(?:dt|ft|rt|soat|ffct)-[0-9A-Za-z_\-]{20}|glptt-[0-9a-f]{40}|glimt-[0-9A-Za-z_\-]{25}"
     r"|glagent-[0-9A-Za-z_\-]{50}|gloas-[0-9A-Za-z_\-]{64}|GR1348941[\w\-]{20}"),
    ("slack-tokens", "gitleaks",
     r"xoxb-[0-9]{8,14}-[0-9A-Za-z\-]{10,}|xox[pe](?:-[0-9]{10,13}){3}-[A-Za-z0-9\-]{28,34}"
     r"|xox[os]-\d+-\d+-\d+-[a-fA-F\d]+|xox[ar]-(?:\d-)?[0-9A-Za-z]{8,48}"
     r"|xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+|xoxe\.xox[bp]-\d-[A-Za-z0-9]{163,166}"
     r"|xoxe-\d-[A-Za-z0-9]{146}"),
    ("slack-webhook-url", "gitleaks",
     r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56}"),
    ("discordwebhook", "trufflehog",
     r"discord(?:app)?\.com/api/(?:v\d+/)?webhooks/[0-9]{17,20}/[0-9A-Za-z_\-]{68}"),
    ("microsoft-teams-webhook", "gitleaks",
     r"[a-z0-9]+\.webhook\.office\.com/webhookb2/[a-z0-9\-]{36}@[a-z0-9\-]{36}"
     r"/IncomingWebhook/[a-z0-9]{32}/[a-z0-9\-]{36}"),
    # gitleaks: [0-9]{5,16}:A[a-z0-9_-]{34}; trufflehog: [0-9]{8,10}:[a-zA-Z0-9_-]{35}.
    ("telegram-bot-api-token", "gitleaks+trufflehog", r"[0-9]{5,16}:[A-Za-z0-9_\-]{35}"),
    # The Bot API's own URL form, https://api.telegram.org/bot<token>/<method> (Telegram Bot
    # API docs, "Making requests"): the path prefix makes a shorter token unambiguous.
    ("telegram-bot-path", "core.telegram.org/bots/api",
     r"(?<=/bot)[0-9]{5,16}:[A-Za-z0-9_\-]{30,}"),
    ("aws-access-token", "gitleaks", r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}"),
    ("aws-amazon-bedrock-api-key-long-lived", "gitleaks", r"ABSK[A-Za-z0-9+/]{109,269}={0,2}"),
    ("gcp-api-key", "gitleaks", r"AIza[\w\-]{35}"),
    ("stripe-access-token", "gitleaks", r"(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}"),
    ("huggingface-access-token", "gitleaks", r"hf_[A-Za-z]{34}|api_org_[A-Za-z]{34}"),
    ("npm-access-token", "gitleaks", r"npm_[A-Za-z0-9]{36}"),
    ("pypi-upload-token", "gitleaks", r"pypi-AgEIcHlwaS5vcmc[\w\-]{50,1000}"),
    ("rubygems-api-token", "gitleaks", r"rubygems_[a-f0-9]{48}"),
    ("clojars-api-token", "gitleaks", r"CLOJARS_[A-Za-z0-9]{60}"),
    ("sendgrid-api-token", "gitleaks", r"SG\.[A-Za-z0-9=_\-.]{66}"),
    ("twilio-api-key", "gitleaks", r"SK[0-9a-fA-F]{32}"),
    ("shopify-tokens", "gitleaks", r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
    ("digitalocean-tokens", "gitleaks", r"do[opr]_v1_[a-f0-9]{64}"),
    ("doppler-api-token", "gitleaks", r"dp\.pt\.[A-Za-z0-9]{43}"),
    ("databricks-api-token", "gitleaks", r"dapi[a-f0-9]{32}"),
    ("linear-api-key", "gitleaks", r"lin_api_[A-Za-z0-9]{40}"),
    ("notion-api-token", "gitleaks", r"ntn_[0-9]{11}[A-Za-z0-9]{35}"),
    ("perplexity-api-key", "gitleaks", r"pplx-[A-Za-z0-9]{48}"),
    ("planetscale-tokens", "gitleaks", r"pscale_(?:tkn|oauth|pw)_[\w=.\-]{32,64}"),
    ("postman-api-token", "gitleaks", r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}"),
    ("pulumi-api-token", "gitleaks", r"pul-[a-f0-9]{40}"),
    ("infracost-api-token", "gitleaks", r"ico-[A-Za-z0-9]{32}"),
    ("grafana-tokens", "gitleaks",
     r"eyJrIjoi[A-Za-z0-9]{70,400}={0,3}|glc_[A-Za-z0-9+/]{32,400}={0,3}"
     r"|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"),
    ("sentry-tokens", "gitleaks", r"sntryu_[a-f0-9]{64}|sntrys_eyJpYXQiO[A-Za-z0-9+/=_]{50,}"),
    ("heroku-api-key-v2", "gitleaks", r"HRKU-AA[0-9A-Za-z_\-]{58}"),
    ("flyio-access-token", "gitleaks",
     r"fo1_[\w\-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}={0,3}|fm2_[A-Za-z0-9+/]{100,}={0,3}"),
    ("facebook-page-access-token", "gitleaks", r"EAA[MC][A-Za-z0-9]{100,}"),
    ("square-access-token", "gitleaks", r"(?:EAAA|sq0atp-)[\w\-]{22,60}"),
    ("vault-tokens", "gitleaks", r"hvs\.[\w\-]{90,120}|hvb\.[\w\-]{138,300}"),
    ("age-secret-key", "gitleaks", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
    ("private-key", "gitleaks", r"-----BEGIN[ A-Z0-9_\-]{0,100}PRIVATE KEY"),
    ("mapbox", "trufflehog", r"sk\.[A-Za-z0-9\-.]{80,240}"),
    ("groq", "trufflehog", r"gsk_[A-Za-z0-9]{52}"),
    ("xai", "trufflehog", r"xai-[0-9A-Za-z_]{80}"),
    ("replicate", "trufflehog", r"r8_[0-9A-Za-z\-_]{37}"),
    # Tavily (a search provider this package can use): keys are "tvly-" then the key
    # (docs.tavily.com, "API key"); no scanner lists it yet.
    ("tavily", "docs.tavily.com", r"tvly-(?:dev-|prod-)?[A-Za-z0-9]{20,}"),
    # Formats GitHub secret scanning lists ("Supported secret scanning patterns":
    # google_oauth_client_secret, google_oauth_access_token, stripe_webhook_signing_secret,
    # docker_personal_access_token, openai_api_key...) and gitleaks rules added since; the
    # regular expressions are the scanners' own (gitleaks ids, trufflehog detectors at the
    # commit above, Nosey Parker rules github.com/praetorian-inc/noseyparker
    # crates/noseyparker/data/default/builtin/rules/*.yml at 3e92364f).
    ("google-oauth-client-secret", "noseyparker np.google.2", r"GOCSPX-[A-Za-z0-9_\-]{28}"),
    ("google-oauth-access-token", "noseyparker np.google.4 + trufflehog googleoauth2",
     r"ya29\.[0-9A-Za-z_\-]{20,1024}"),
    # gitleaks: ATATT3[A-Za-z0-9_\-=]{186}; a longer run after the prefix is still a token.
    ("atlassian-api-token", "gitleaks", r"ATATT3[A-Za-z0-9_\-=]{186,}"),
    # gitleaks asks "dropbox" nearby and 135 characters; noseyparker np.dropbox.1 none, 130-152.
    ("dropbox-short-lived-api-token", "noseyparker np.dropbox.1", r"sl\.[A-Za-z0-9_\-=]{130,}"),
    # Stripe's whsec_ + base62 (SonarSource rule S6718: whsec_[0-9a-zA-Z]{32,64}); Svix, which
    # signs Clerk/Resend... webhooks, uses whsec_ + base64 (docs.svix.com "Verifying payloads").
    ("webhook-signing-secret", "GitHub stripe_webhook_signing_secret; docs.svix.com",
     r"whsec_[A-Za-z0-9+/]{32,88}={0,2}"),
    ("airtable-personnal-access-token", "gitleaks", r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}"),
    ("new-relic-user-api-key", "gitleaks+trufflehog newrelicuserkey", r"NRAK-[A-Za-z0-9]{27}"),
    ("docker-personal-access-token", "trufflehog dockerhub/v2",
     r"dckr_pat_[A-Za-z0-9_\-]{27}|dckr_oat_[A-Za-z0-9_\-]{32}"),
    # gitleaks asks 250+ characters after the prefix; "ops_" + a base64 JSON object ("eyJ")
    # is unambiguous, so a shorter one is read as a (cut) token too.
    ("1password-service-account-token", "gitleaks", r"ops_eyJ[A-Za-z0-9+/]{40,}={0,3}"),
    ("prefect-api-token", "gitleaks", r"pnu_[A-Za-z0-9]{36}"),
    ("readme-api-token", "gitleaks", r"rdme_[a-z0-9]{70}"),
    ("duffel-api-token", "gitleaks", r"duffel_(?:test|live)_[A-Za-z0-9_\-=]{43}"),
    ("easypost-api-token", "gitleaks", r"EZ[AT]K[A-Za-z0-9]{54}"),
    ("flutterwave-secret-key", "gitleaks", r"FLWSECK_TEST-[a-hA-H0-9]{32}-X"),
    ("shippo-api-token", "gitleaks", r"shippo_(?:live|test)_[a-fA-F0-9]{40}"),
    ("azure-ad-client-secret", "gitleaks+trufflehog azure_entra",
     r"[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}"),
    # "T3BlbkFJ" is base64 of "OpenAI" (trufflehog openai.go); every OpenAI key kind has it
    # after its "sk-<kind>-" prefix, the 2024 user keys "sk-None-" included.
    ("openai-api-key-marker", "gitleaks keyword t3blbkfj + trufflehog openai",
     r"sk-[A-Za-z0-9_\-]{4,100}T3BlbkFJ[A-Za-z0-9_\-]{20,}"),
)  # fmt: skip

#: One pattern for all formats. A format may not start right after a letter or digit
#: (inside a longer word), except the Telegram path form; it may right after "_" or "-",
#: where a key glued to a name or prefix starts (`x_sk_live_...`, `key-sk_live_...`). (One
#: shared look-behind, not one per format: sre would test each at every position.)
SECRET_FORMAT = re.compile(
    "(?<![A-Za-z0-9])(?:"
    + "|".join(f"(?:{regex})" for rule, _, regex in PROVIDER_FORMATS if rule != "telegram-bot-path")
    + ")|"
    + "|".join(f"(?:{regex})" for rule, _, regex in PROVIDER_FORMATS if rule == "telegram-bot-path")
)

#: The literal prefixes, ending in "-" or ".", of the formats a match of which may hold no
#: upper-case letter, "_", ":" or "dapi" (every other format needs one of those).
#: `may_hold_format` is a cheap necessary condition for a SECRET_FORMAT or CHECKSUMMED match;
#: property_tests check it on samples of each format.
_AFTER_DASH = ("glpat", "gldt", "glft", "glrt", "glsoat", "glffct", "glptt", "glimt", "glagent",
               "gloas", "xoxa", "xoxb", "xoxe", "xoxo", "xoxp", "xoxr", "xoxs", "xapp", "pplx",
               "pul", "ico", "sq0atp", "sk", "xai", "tvly")  # fmt: skip
_AFTER_DOT = ("hooks", "discord", "discordapp", "dp", "pt", "hvs", "hvb", "sk", "xoxe", "webhook",
              "ya29", "sl")  # fmt: skip
#: Starts at a "-" or "." (sre skips to those quickly) and looks behind for a prefix (the
#: Airtable token's "." comes after "pat" and 14 letters or digits).
LOWER_CASE_PREFIXES = re.compile(
    "-(?:" + "|".join(f"(?<={re.escape(p)}-)" for p in _AFTER_DASH) + ")"
    "|\\.(?:"
    + "|".join(f"(?<={re.escape(p)}\\.)" for p in _AFTER_DOT)
    + "|(?<=pat[a-z0-9]{14}\\.))"
)


def may_hold_format(text: str) -> bool:
    """False only when `text` cannot hold a SECRET_FORMAT or CHECKSUMMED match."""
    if "_" in text or ":" in text or "dapi" in text or text != text.lower():
        return True
    return LOWER_CASE_PREFIXES.search(text) is not None


#: Tokens whose last 6 characters are a base62 CRC32 of the 30 before them (GitHub classic
#: tokens, npm tokens). Found anywhere, even glued inside a longer word, when the checksum
#: holds: a random string passes the check once in 2**32.
CHECKSUMMED = re.compile(r"(?:gh[pousr]|npm)_([A-Za-z0-9]{30})([A-Za-z0-9]{6})")
_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def base62_crc32(body: str) -> str:
    """The 6-character base62 CRC32 checksum GitHub and npm append to a token's body."""
    value = binascii.crc32(body.encode("ascii", "replace"))
    digits = ""
    for _ in range(6):
        value, rest = divmod(value, 62)
        digits = _BASE62[rest] + digits
    return digits


def checksummed_token_in(text: str) -> bool:
    """Does `text` hold a GitHub/npm token whose checksum holds, wherever it sits?"""
    return any(base62_crc32(m.group(1)) == m.group(2) for m in CHECKSUMMED.finditer(text))


#: Keys that are public by design when sent to their own provider: Google documents browser
#: API keys ("AIza...") as shipped in web pages and restricted by HTTP referrer (Maps
#: JavaScript/Embed/Static APIs, "API security best practices"), and Firebase Storage
#: download URLs carry a `token` meant to be shared (Firebase docs, "Download files").
GOOGLE_DOMAINS = ("google.com", "googleapis.com")
GOOGLE_PUBLIC_KEY = re.compile(r"AIza[\w\-]{35}")

#: Values that are public tokens whatever the parameter is called: Mapbox public tokens
#: ("pk." + a base64 JSON, docs.mapbox.com "Access tokens": "public tokens ... in client-side
#: code") and Stripe publishable keys (docs.stripe.com "API keys": "publishable keys ... can
#: be publicly accessible in your web or mobile app's client-side code").
#: PayPal Express Checkout tokens ("EC-" + 17, the NVP SetExpressCheckout TOKEN, "a timestamped
#: token ... 20 single-byte characters") are the id in the buyer's redirect to paypal.com
#: (developer.paypal.com, Express Checkout "Redirect the buyer to PayPal").
PUBLIC_TOKEN = re.compile(
    r"pk\.eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+|pk_(?:test|live)_[A-Za-z0-9]+|EC-[0-9A-Z]{17}"
)


#: Signed and shared-link schemes: a query carrying every one of a scheme's `markers` (a
#: parameter with a value, of the shape given where one is) was minted by the issuer for
#: this link. Such a scheme's `exempt` parameters are not judged by their *names* while
#: their value has the shape given: the name rule would read `X-Amz-Security-Token` or
#: `token` as a secret. A value in a known secret format is never exempted, with one kind of
#: exception: the scheme's own credential-ID parameters (`own_id`), whose shape holds
#: nothing but their provider's public key ID (an AWS access key ID is an identifier; the
#: secret access key never travels). Names are compared lower-case.
class SignedScheme(NamedTuple):
    """A signed-URL or shared-link scheme; see SIGNED_SCHEMES."""

    name: str
    source: str
    markers: dict[str, re.Pattern[str] | None]
    exempt: dict[str, re.Pattern[str]]
    #: The scheme's credential-ID parameters, with the shape their value has when it holds
    #: the provider's own key ID and nothing else: then a format match there is that ID.
    own_id: dict[str, re.Pattern[str]] = {}  # noqa: RUF012 - read-only module data
    #: The scheme only applies where the path's last segment is one of these (empty: anywhere).
    endpoints: frozenset[str] = frozenset()


_AWS_KEY_ID = r"(?:AKIA|ASIA)[A-Z2-7]{16}"
_SCOPE = r"/\d{8}/[a-z0-9\-]{1,32}/[a-z0-9\-]{1,32}/"
#: An STS session token as the STS API returns it (GetSessionToken/AssumeRole
#: `SessionToken`, docs.aws.amazon.com/STS/latest/APIReference): base64, hundreds long.
_STS_TOKEN = re.compile(r"[A-Za-z0-9+/]{100,2048}={0,2}")
_GCS_ID = r"[A-Za-z0-9._\-]{1,64}@[a-z0-9.\-]{1,128}|GOOG1[A-Z0-9]{20,80}"
_ANY = None
_BUNNY_TOKEN = re.compile(r"(?:HS256-)?[A-Za-z0-9_\-]{22,43}")
_FASTLY_TOKEN = re.compile(r"\d{10,11}_[0-9a-fA-F]{40,64}")
_OAUTH1_TOKEN = re.compile(r"[A-Za-z0-9_\-.]{8,128}")

SIGNED_SCHEMES: tuple[SignedScheme, ...] = (
    SignedScheme(
        "AWS SigV4 query auth",
        "docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html",
        {"x-amz-signature": _ANY},
        {"x-amz-credential": re.compile(r"[A-Za-z0-9]{1,128}" + _SCOPE + "aws4_request"),
         "x-amz-security-token": _STS_TOKEN},
        {"x-amz-credential": re.compile(_AWS_KEY_ID + _SCOPE + "aws4_request")},
    ),
    SignedScheme(
        "AWS S3 SigV2 query auth",
        "docs.aws.amazon.com/AmazonS3/latest/userguide/RESTAuthentication.html",
        {"signature": _ANY, "awsaccesskeyid": _ANY},
        {"awsaccesskeyid": re.compile(r"[A-Z0-9]{16,128}"), "x-amz-security-token": _STS_TOKEN},
        {"awsaccesskeyid": re.compile(_AWS_KEY_ID)},
    ),
    SignedScheme(
        "CloudFront signed URL",
        "docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-signed-urls.html",
        {"signature": _ANY, "key-pair-id": _ANY},
        # key pair IDs (APKA...) and the newer public key IDs (K + 12-14 characters)
        {"key-pair-id": re.compile(r"APKA[A-Z0-9]{16}|K[A-Z0-9]{12,14}")},
    ),
    SignedScheme(
        "Google Cloud Storage V4 signed URL",
        "cloud.google.com/storage/docs/access-control/signed-urls",
        {"x-goog-signature": _ANY},
        {"x-goog-credential": re.compile(f"(?:{_GCS_ID})" + _SCOPE + "goog4_request")},
    ),
    SignedScheme(
        "Google Cloud Storage V2 signed URL",
        "cloud.google.com/storage/docs/access-control/signed-urls-v2",
        {"signature": _ANY, "googleaccessid": _ANY},
        {"googleaccessid": re.compile(_GCS_ID)},
    ),
    SignedScheme(
        "Azure Storage shared access signature",
        "learn.microsoft.com/rest/api/storageservices/create-service-sas",
        {"sig": _ANY, "sv": _ANY},
        {},
    ),
    SignedScheme(
        # token = base64url(MD5) (V1, 22 characters) or base64url(SHA-256) (V2, 43).
        "bunny.net CDN token authentication",
        "docs.bunny.net/docs/cdn-token-authentication-basic",
        {"token": _BUNNY_TOKEN, "expires": re.compile(r"\d{9,11}")},
        {"token": _BUNNY_TOKEN},
    ),
    SignedScheme(
        # token=<expiry>_<hex HMAC-SHA1 of path+expiry>
        "Fastly token authentication",
        "github.com/fastly/token-functions README",
        {"token": _FASTLY_TOKEN},
        {"token": _FASTLY_TOKEN},
    ),
    SignedScheme(
        # The resource owner authorization redirect (RFC 5849 section 2.2): the temporary
        # credentials *identifier* travels in the URL by design; its shared secret
        # (`oauth_token_secret`) never does and stays refused. Only at an authorization
        # endpoint: elsewhere `oauth_token` is an OAuth 2 bearer token (Foursquare, old Google).
        "OAuth 1.0a authorization redirect",
        "RFC 5849 section 2.2; developer.x.com oauth/authorize",
        {"oauth_token": _OAUTH1_TOKEN},
        {"oauth_token": _OAUTH1_TOKEN},
        endpoints=frozenset({"authorize", "authenticate", "oauthauthorizetoken"}),
    ),
)  # fmt: skip
