"""The credential rule measured on real shapes: shared links pass (0 false positives) and
secret-bearing URLs are refused (0 false negatives).

Every shape names its public source. Tokens are the fake/example ones those sources publish
(gitleaks' rule fixtures in `cmd/generate/config/rules/*.go` at b58d3f10, trufflehog's detector
tests at 3ab759fe, provider documentation examples); none is a live secret. Where a source
only gives a format (GitHub's checksummed tokens), the token is built here from an obviously
fake body and says so.
"""

from __future__ import annotations

import pytest
from returns.pipeline import is_successful

from webdistill.kernel.errors import ErrorCode
from webdistill.kernel.secret_formats import base62_crc32
from webdistill.kernel.urls import UrlPolicy, check_url

POLICY = UrlPolicy()

# Example tokens, each from the source named.
MAPBOX_PK = (  # docs.mapbox.com examples' public token (account "examples")
    "pk.eyJ1IjoiZXhhbXBsZXMiLCJhIjoiY2p0MG01MXRqMW45cjQzb2R6b2ptc3J4MSJ9.zA2W0IkI0c6KaAhJfk9bWg"
)
GOOGLE_KEYS = (  # gitleaks gcp.go allowlist: published sample browser keys
    "AIzaSyabcdefghijklmnopqrstuvwxyz1234567",
    "AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs",
    "AIzaSyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM",
)
JWT_IO = (  # jwt.io's example token
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0"
    "IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
AWS_SIGV4 = (  # docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html example
    "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2F"
    "us-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400"
    "&X-Amz-SignedHeaders=host"
    "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"
)
STS_TOKEN = (  # AWS STS API reference, GetSessionToken example response (SessionToken)
    "AQoEXAMPLEH4aoAH0gNCAPyJxz4BlCFFxWNE1OPTgk5TthT%2BFvwqnKwRcOIfrRh3c%2FLTo6UDdyJwOOvEVPvLX"
    "CrrrUtdnniCEXAMPLE%2FIvU1dYUg2RVAJBanLiHb4IgRmpRV3zrkuWJOgQs8IZZaIv2BXIa2R4OlgkBN9bkUDNCJ"
    "iBeb%2FAXlzBBko7b15fjrBs2%2BcTQtpZ3CYWFXG8C5zqx37wnOE49mRl%2F%2BOtkIKGO7fAE"
)
OPENAI_PROJ = (  # gitleaks openai.go true positives
    "sk-proj-SevzWEV_NmNnMndQ5gn6PjFcX_9ay5SEKse8AL0EuYAB0cIgFW7Equ3vCbUbYShvii6L3rBw3WT3BlbkFJd"
    "D9FqO9Z3BoBu9F-KFR6YJtvW6fUfqg2o2Lfel3diT3OCRmBB24hjcd_uLEjgr9tCqnnerVw8A"
)
OPENAI_ADMIN = (  # gitleaks openai.go true positives
    "sk-admin-JWARXiHjpLXSh6W_0pFGb3sW7yr0cKheXXtWGMY0Q8kbBNqsxLskJy0LCOT3BlbkFJgTJWgjMvdi6YlPvd"
    "XRqmSlZ4dLK-nFxUG2d9Tgaz5Q6weGVNBaLuUmMV4A"
)
OPENAI_LEGACY = "sk-" + "AbCdEfGhIjKlMnOpQrSt" + "T3BlbkFJ" + "UvWxYz0123456789AbCd"  # gitleaks
# openai.go's legacy form sk-<20>T3BlbkFJ<20>, built as its own fixtures are (fake body).
ANTHROPIC = (  # gitleaks anthropic.go true positive
    "sk-ant-api03-abc123xyz-456def789ghij-klmnopqrstuvwx-3456yza789bcde-1234fghijklmnopby56aaaog"
    "aopaaaabc123xyzAA"
)
ANTHROPIC_ADMIN = (  # gitleaks anthropic.go true positive
    "sk-ant-admin01-abc12fake-456def789ghij-klmnopqrstuvwx-3456yza789bcde-12fakehijklmnopby56aaa"
    "ogaopaaaabc123xyzAA"
)
GHO_DOCS = "gho_16C7e42F292c6912E7710c838347Ae178B4a"  # docs.github.com OAuth apps example
# trufflehog github/v2 test (its token continues past this; the 36-character form is inside)
GHS_TRUFFLEHOG = "ghs_RWGUZ6kS8_Ut7PbtR72k2miJwwYtxkpe8mOpT8feAWYZcwz43PxBVGCNATnycaQV9VUlPJe"
_FAKE_BODY = "0123456789abcdefghijABCDEFGHIJ"  # a fake 30-character body, checksum per github.blog
GHP_CHECKSUMMED = "ghp_" + _FAKE_BODY + base62_crc32(_FAKE_BODY)
NPM_TRUFFLEHOG = "npm_hK0FJXBYCkejhEMY4Kp6bOOZn1DlfBOmtbJY"  # trufflehog npmtokenv2 test
SLACK_BOT = "xoxb-781236542736-2364535789652-GkwFDQoHqzXDVsC6GzqYUypD"  # gitleaks slack.go
SLACK_USER = "xoxp-41684372915-1320496754-45609968301-e708ba56e1517a99f6b5fb07349476ef"  # same
SLACK_HOOK_DOCS = "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"
# (api.slack.com/messaging/webhooks example)
SLACK_HOOK_TRUFFLEHOG = (  # trufflehog slackwebhook test
    "https://hooks.slack.com/services/TAGGINGEXAMPLE/BASE/91nziTEEzAAcaNZiz1mPPoXyS"
)
DISCORD_HOOK = (  # trufflehog discordwebhook test
    "https://discord.com/api/webhooks/144147826297622273/Rz9B09dB7cXxtldzXXfmJY0opIzgeANtGJw08vx5"
    "PXrP8BpbOeE5lZ7wx8vVcyacYkEl"
)
TELEGRAM_DOCS = "110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"  # core.telegram.org/bots/api
TELEGRAM_TRUFFLEHOG = "869511423:BctOM4-oBANUkq653PAPbo4HLs3DCd9NCDe"  # trufflehog test
AWS_KEY_GITLEAKS = "AKIALALEMEL33243OLIB"  # gitleaks aws.go true positive
AWS_SECRET_DOCS = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"  # AWS docs example secret key
GCP_GITLEAKS = "AIzaSyNHxIf32IQ1a1yjl3ZJIqKZqzLAK1XhDk-"  # gitleaks gcp.go true positive
STRIPE_TEST = (  # gitleaks stripe.go true positive
    "sk_test_51OuEMLAlTWGaDypq4P5cuDHbuKeG4tAGPYHJpEXQ7zE8mKK3jkhTFPvCxnSSK5zB5EQZrJsYdsatNmAHGgb"
    "0vSKD00GTMSWRHs"
)
STRIPE_RK = (  # gitleaks stripe.go true positive
    "rk_prod_51OuEMLAlTWGaDypquDn9aZigaJOsa9NR1w1BxZXs9JlYsVVkv5XDu6aLmAxwt5Tgun5WcSwQMKzQyqV16c9"
    "iD4sx00BRijuoon"
)
HF_GITLEAKS = "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"  # gitleaks huggingface.go true positive
SENDGRID = (
    "SG.ZV-VYwtHzJJW4wF8yPQk3.ZXg9c9DZuOgUcW1f2inP6SqfEsYG82zAe0wG7brZZ5OvruV-I"  # trufflehog
)
REPLICATE = "r8_7DTl1j7Nsy6dpc3GGwkd8qsWFl33hy4ICtNzH"  # trufflehog replicate test
XAI = (  # trufflehog xai test
    "xai-W5zbfUkzlXedo7qD42AbBLlRSsyJrOW5zbfUkzlXedo7qD42AbBLlRSsyJrOW5zbfUkzlXedo7qD42Ab"
)
MAPBOX_SK = (  # trufflehog mapbox test
    "sk.nc7.R5t.P5a.bnM.kvG.s1Q.Gms.RO7.f6q.LMz.YZK.arr.PXw.dmM.Gqt.urp.Oaw.5O8.JCY.grH.x"
)
JWT_GITLEAKS_URL = (  # gitleaks jwt.go true positive: a stream URL with its access token
    "https://dai2-playlistserver.aws.syncbak.com/cpl/20980038/dai2v5/1.0/7b2264657669636554797065"
    "223a387d/master.m3u8?access_token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IkdyYXkyMDE2M"
    "DgyOSJ9.eyJtaWQiOiIyMDk4MDAzOCIsImNpZCI6MjE5MDMsInNpZCI6MTU4LCJtZDUiOiIwN2QxMmRjNjAwOTM2MGI0"
    "MmY3NjNkNTRiMWIwZjI1NCIsImlhdCI6MTY2MDkxMzU2MCwiZXhwIjoxNjkyNDQ5NTYwLCJpc3MiOiJTeW5jYmFrIChU"
    "RykifQ.JrWVgwzIn_RcNuWhkzIjr1i4qjXU1v4n0KFrSzoTQvQ"
)
HEX32 = "5f4dcc3b5aa765d61d8327deb882cf99"  # a hex key as in SerpApi/Trello docs' key format
HEX40 = "d3adb33fd3adb33fd3adb33fd3adb33fd3adb33f"  # a 40-hex key, Serper's key format

SHARED: list[tuple[str, str]] = [
    # signed links: the signing parameters are a capability for this link
    ("AWS S3 SigV4 docs example", f"https://examplebucket.s3.amazonaws.com/test.txt?{AWS_SIGV4}"),
    ("AWS SigV4 with STS token (sigv4-query-string-auth: X-Amz-Security-Token)",
     f"https://examplebucket.s3.amazonaws.com/test.txt?{AWS_SIGV4}&X-Amz-Security-Token={STS_TOKEN}"),
    ("AWS SigV4 presigned with response-content-disposition (S3 GetObject docs)",
     f"https://examplebucket.s3.us-west-2.amazonaws.com/report.pdf?response-content-disposition="
     f"attachment%3B%20filename%3Dreport.pdf&{AWS_SIGV4}"),
    ("AWS S3 SigV2 query auth (RESTAuthentication docs)",
     "https://awsexamplebucket1.s3.us-west-1.amazonaws.com/photos/puppy.jpg?AWSAccessKeyId="
     "AKIAIOSFODNN7EXAMPLE&Signature=NpgCjnDzrM%2BWFzoENXmpNDUsSn8%3D&Expires=1175139620"),
    ("AWS S3 SigV2 with STS token (RESTAuthentication docs)",
     "https://awsexamplebucket1.s3.amazonaws.com/photos/puppy.jpg?AWSAccessKeyId="
     f"ASIAIOSFODNN7EXAMPLE&Expires=1141889120&x-amz-security-token={STS_TOKEN}"
     "&Signature=vjbyPxybdZaNmGa%2ByT272YEAiv4%3D"),
    ("CloudFront signed URL, canned policy (CloudFront developer guide)",
     "https://d111111abcdef8.cloudfront.net/image.jpg?Expires=1357034400&Signature=nitfHRCrtziwO2"
     "HwPfWw~yYDhUF5EwRunQA-j19DzZrvDh6hQ73lDx~-ar3UocvvRQVw6EkC~GdpGQyyOSKQim-TxAnW7d8F5Kkai9HVx0"
     "FIu-5jcQb0UEmatEXAMPLE3ReXySpLSMj0yCd3ZAB4UcBCAqEijkytL6f3fVYNGQI6&Key-Pair-Id=K2JCJMDEHXQW5F"),
    ("GCS V4 signed URL (cloud.google.com signing-urls-manually example shape)",
     "https://storage.googleapis.com/example-bucket/cat.jpeg?X-Goog-Algorithm=GOOG4-RSA-SHA256"
     "&X-Goog-Credential=example%40example-project.iam.gserviceaccount.com%2F20181026%2Fus-central1"
     "%2Fstorage%2Fgoog4_request&X-Goog-Date=20181026T181309Z&X-Goog-Expires=900"
     "&X-Goog-SignedHeaders=host&X-Goog-Signature=247a2aa45f169edf4d187d54e7cc46e4731b1e6273242c4f"
     "4c39a1d2507a0e58706e25e3a85a7dbb891d62afa849"),
    ("GCS V4 signed URL from gcloud storage sign-url (signing-urls-with-helpers)",
     "https://storage.googleapis.com/example-bucket/cat.jpeg?x-goog-signature=11ae9c61ca84dd0bec3"
     "19f7d52a38029e5873caa2eeced0568&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=example"
     "%40example-project.iam.gserviceaccount.com%2F20230714%2Fus%2Fstorage%2Fgoog4_request"
     "&x-goog-date=20230714T230935Z&x-goog-expires=600&x-goog-signedheaders=host"),
    ("GCS V2 signed URL (cloud.google.com signed-urls, V2)",
     "https://storage.googleapis.com/example-bucket/cat.jpeg?GoogleAccessId=example%40example-"
     "project.iam.gserviceaccount.com&Expires=1577836800&Signature=dD80ihBh5jfNpymO5Hg1IdiJIEvHcJp"
     "CMiCMnN%2FRnbI%3D"),
    ("Azure service SAS (learn.microsoft.com create-service-sas example)",
     "https://myaccount.blob.core.windows.net/sascontainer/sasblob.txt?sv=2019-02-02&st=2019-04-"
     "29T22%3A18%3A26Z&se=2019-04-30T02%3A23%3A26Z&sr=b&sp=rw&sip=168.1.5.60-168.1.5.70&spr=https"
     "&sig=Z%2FRHIX5Xcg0Mq2rqI3OlWTjEg2tYkboXr1P9ZUXDtkk%3D"),
    ("Azure account SAS (c-sharpcorner SAS URI example)",
     "https://mystorageaccount.blob.core.windows.net/mycontainer/myblob.txt?sv=2022-02-01&ss=b"
     "&srt=sco&sp=rwlac&se=2023-04-30T23:59:59Z&st=2023-04-01T00:00:00Z&spr=https&sig=mySASsignature"),
    ("Azure SAS with a secret-looking signature (service-sas-examples, signature field)",
     "https://myaccount.blob.core.windows.net/pictures/profile.jpg?sv=2012-02-12&st=2009-02-09"
     "&se=2009-02-10&sr=c&sp=r&si=YWJjZGVmZw%3D%3D&sig=dD80ihBh5jfNpymO5Hg1IdiJIEvHcJpCMiCMnN%2FRnbI%3D"),
    # Google browser keys on Google's own hosts (developers.google.com/maps docs)
    ("Maps Embed API place (maps/documentation/embed)",
     f"https://www.google.com/maps/embed/v1/place?key={GOOGLE_KEYS[0]}&q=Space+Needle,Seattle+WA"),
    ("Maps Embed API directions (maps/documentation/embed/embedding-map)",
     f"https://www.google.com/maps/embed/v1/directions?key={GOOGLE_KEYS[1]}&origin=Oslo+Norway"
     "&destination=Telemark+Norway&avoid=tolls%7Chighways"),
    ("Maps Static API (maps/documentation/maps-static)",
     "https://maps.googleapis.com/maps/api/staticmap?center=Brooklyn+Bridge,New+York,NY&zoom=13"
     f"&size=600x300&maptype=roadmap&key={GOOGLE_KEYS[2]}"),
    ("Maps Static API with its URL signature (maps-static digital-signature)",
     "https://maps.googleapis.com/maps/api/staticmap?center=Z%C3%BCrich&size=400x400"
     f"&key={GOOGLE_KEYS[0]}&signature=BASE64_SIGNATURE%3D"),
    ("Street View Static API (maps/documentation/streetview)",
     "https://maps.googleapis.com/maps/api/streetview?size=600x300&location=46.414382,10.013988"
     f"&heading=151.78&pitch=-0.76&key={GOOGLE_KEYS[1]}"),
    ("Maps JavaScript API loader (maps/documentation/javascript)",
     f"https://maps.googleapis.com/maps/api/js?key={GOOGLE_KEYS[2]}&callback=initMap&v=weekly"),
    ("YouTube Data API (developers.google.com/youtube/v3 docs)",
     f"https://www.googleapis.com/youtube/v3/videos?id=7lCDEYXw3mM&key={GOOGLE_KEYS[0]}&part=snippet"),
    ("Firebase Storage download URL (firebase.google.com storage/web/download-files)",
     "https://firebasestorage.googleapis.com/v0/b/example.appspot.com/o/images%2Fstars.jpg?alt="
     "media&token=1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d"),
    ("old Google Sheets share link (docs.google.com ccc?key=)",
     "https://docs.google.com/spreadsheet/ccc?key=0AqXYZ1234abcdEFGHdGVzdDEyMzQ1Njc4OTA&usp=sharing"),
    # Mapbox public tokens (docs.mapbox.com; the "examples" account token)
    ("Mapbox Static Images API",
     "https://api.mapbox.com/styles/v1/mapbox/streets-v12/static/-122.4241,37.78,14.25,0,60/"
     f"600x600?access_token={MAPBOX_PK}"),
    ("Mapbox style preview page",
     f"https://api.mapbox.com/styles/v1/mapbox/outdoors-v11.html?access_token={MAPBOX_PK}"),
    ("Mapbox vector tiles",
     "https://api.mapbox.com/v4/mapbox.mapbox-streets-v8/1/0/0.vector.pbf?sku=101bR8hC38ulS"
     f"&access_token={MAPBOX_PK}"),
    ("Mapbox Directions API (path with ';')",
     "https://api.mapbox.com/directions/v5/mapbox/driving/-73.989,40.733;-74,40.733?alternatives="
     f"true&geometries=geojson&access_token={MAPBOX_PK}"),
    ("Mapbox Search Box suggest with session_token",
     f"https://api.mapbox.com/search/searchbox/v1/suggest?q=chicago&access_token={MAPBOX_PK}"
     "&language=en&session_token=0101d1cf-2e9e-49a1-894b-b2964800d298"),
    # JWT links meant to be followed
    ("Directus invite link (docs.directus.io, accept-invite?token=<JWT>)",
     f"https://directus.example.com/admin/accept-invite?token={JWT_IO}"),
    ("Jitsi Meet JWT room link (jitsi/lib-jitsi-meet doc/tokens.md: ?jwt=)",
     f"https://meet.example.com/angrywhalesgrowhigh?jwt={JWT_IO}"),
    ("Metabase signed embed (metabase.com docs static embedding)",
     f"https://metabase.example.com/embed/dashboard/{JWT_IO}#bordered=true&titled=true"),
    ("Keycloak action token link (keycloak docs, login-actions/action-token?key=<JWT>)",
     f"https://sso.example.com/realms/demo/login-actions/action-token?key={JWT_IO}&client_id=account"),
    # share links of common services (each service's help pages)
    ("Zoom join link with embedded passcode (support.zoom.com)",
     "https://us02web.zoom.us/j/85746392018?pwd=bXlLeDJZWVVxNm5xY3hMOUh6ZUVhdz09"),
    ("Dropbox shared link (help.dropbox.com, scl/fi with rlkey)",
     "https://www.dropbox.com/scl/fi/ab12cd34ef56gh78/report.pdf?rlkey=k2j3h4k5j6h7k8j9l0m1n2b3v&dl=0"),
    ("Dropbox legacy shared link", "https://www.dropbox.com/s/abc123def456ghi/file.pdf?dl=1"),
    ("Google Drive file share", "https://drive.google.com/file/d/1A2B3C4D5E6F7G8H9I0J/view?usp=sharing"),
    ("OneDrive short share link", "https://1drv.ms/w/s!AkUvGqG3w6abcdEFgh?e=AbCd12"),
    ("YouTube share link with si", "https://youtu.be/dQw4w9WgXcQ?si=AbCdEfGhIjKlMnOp"),
    ("Spotify share link with si",
     "https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT?si=1a2b3c4d5e6f4a7b"),
    ("Figma share link (help.figma.com)",
     "https://www.figma.com/file/AbCdEf123456/Design?node-id=0%3A1&t=AbCdEfGhIjKl-1"),
    ("Notion share link",
     "https://www.notion.so/acme/Page-Title-0123456789abcdef0123456789abcdef?pvs=4"),
    ("Slack workspace invite (slack.com help)",
     "https://join.slack.com/t/acme/shared_invite/zt-1abc2def3-GhIjKlMnOpQrStUvWxYz"),
    ("Medium friend link (help.medium.com: ?sk=)",
     "https://medium.com/@user/a-title-1a2b3c4d5e6f?sk=0123456789abcdef0123456789abcdef"),
    ("Unsplash image URL (unsplash.com/documentation hotlinking)",
     "https://images.unsplash.com/photo-1506744038136-46273834b3fb?ixlib=rb-4.0.3&ixid=MnwxMjA3"
     "fDB8MHxwaG90by1wYWdlfHx8fGVufDB8fHx8&auto=format&fit=crop&w=1170&q=80"),
    ("imgix secure URL with its s= signature (docs.imgix.com securing images)",
     "https://assets.imgix.net/unsplash/bear.jpg?w=300&s=3b7fa6e0b8ab7b2b1a0f1b76b5c2de5e"),
    ("Cloudinary signed delivery URL (cloudinary.com docs signatures)",
     "https://res.cloudinary.com/demo/image/upload/s--Ai4Znfl3--/c_fill,h_150,w_150/sample.jpg"),
    ("Gravatar image (docs.gravatar.com: md5 hash in the path)",
     "https://www.gravatar.com/avatar/205e460b479e2e5b48aec07710c08d50?s=200&d=identicon"),
    ("Auth0 organization invitation (auth0.com docs send membership invitations)",
     "https://myapp.example.com/login?invitation=AbCdEfGhIj123456&organization=org_W4h9lRW2bNxbAq"
     "&organization_name=acme"),
    ("Mailchimp campaign archive (mailchimp.com help)",
     "https://us1.campaign-archive.com/?u=8d9e7f6a5b4c3d2e1f0a9b8c7&id=1a2b3c4d5e"),
    ("Amazon product link with associate tag (affiliate-program.amazon.com)",
     "https://www.amazon.com/dp/B08N5WRWNW?tag=example-20&linkCode=ogi&th=1"),
    ("Reddit share link", "https://www.reddit.com/r/python/comments/abc123/a_title/?share_id=AbCdEfG"
     "hIjKlMnOpQrStU"),
    ("X/Twitter status share", "https://x.com/user/status/1234567890123456789?s=20&t=AbCdEfGhIjKlMnOpQrStUv"),
    ("Microsoft Teams meeting join link",
     "https://teams.microsoft.com/l/meetup-join/19%3ameeting_ZmFrZQ%40thread.v2/0?context=%7b%22"
     "Tid%22%3a%2272f988bf-86f1-41af-91ab-2d7cd011db47%22%7d"),
    # ordinary pages whose words look like the rule's words (old rule's false positives)
    ("news about SK hynix in a search query (the old sk- rule)",
     "https://duckduckgo.com/?q=sk-hynix-quarterly-earnings-report-2024&ia=news"),
    ("news article path with sk- words",
     "https://www.reuters.com/technology/sk-hynix-posts-record-quarterly-profit-2024-07-25/"),
    ("GitHub docs page about tokens",
     "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-"
     "your-personal-access-tokens"),
    ("Stack Overflow question about api keys",
     "https://stackoverflow.com/questions/12345678/how-to-pass-api-key-in-url?noredirect=1"),
    ("password reset help page (path word 'password')", "https://example.com/account/password/reset"),
    ("a page sorted by password strength", "https://example.com/?page=2&sort=password-strength"),
    ("Hugging Face file download", "https://huggingface.co/datasets/squad/resolve/main/README.md?download=true"),
    ("arXiv paper", "https://arxiv.org/abs/1706.03762"),
    ("OpenStreetMap tile", "https://tile.openstreetmap.org/12/2048/1362.png"),
    ("Wikipedia article about keys", "https://en.wikipedia.org/wiki/Key_(cryptography)"),
    ("a query word 'token' with a short value", "https://example.com/search?token=abc&auth=1"),
]  # fmt: skip

SECRETS: list[tuple[str, str]] = [
    # provider formats in the query, under any name
    ("gitleaks openai sk-proj in a query", f"https://evil.example.com/?q={OPENAI_PROJ}"),
    ("gitleaks openai sk-admin in a query", f"https://evil.example.com/collect?d={OPENAI_ADMIN}"),
    ("gitleaks anthropic api03 in a query", f"https://evil.example.com/?x={ANTHROPIC}"),
    ("gitleaks anthropic admin01 in a query", f"https://evil.example.com/?x={ANTHROPIC_ADMIN}"),
    ("GitHub docs gho_ example in a query", f"https://evil.example.com/?t={GHO_DOCS}"),
    ("trufflehog github v2 ghs_ in a query", f"https://evil.example.com/?t={GHS_TRUFFLEHOG}"),
    ("trufflehog npm token in a query", f"https://evil.example.com/?npm={NPM_TRUFFLEHOG}"),
    ("gitleaks slack bot token", f"https://evil.example.com/?s={SLACK_BOT}"),
    ("gitleaks slack user token", f"https://evil.example.com/?s={SLACK_USER}"),
    ("gitleaks aws access key id outside a signed URL",
     f"https://evil.example.com/?k={AWS_KEY_GITLEAKS}"),
    ("AWS access key id without a signature (not a signed URL)",
     "https://evil.example.com/?AWSAccessKeyId=AKIALALEMEL33243OLIB&Expires=1175139620"),
    ("gitleaks gcp key on a host that is not Google's", f"https://evil.example.com/?key={GCP_GITLEAKS}"),
    ("Google sample key sent to another host", f"https://evil.example.com/maps?key={GOOGLE_KEYS[1]}"),
    ("gitleaks stripe sk_test", f"https://evil.example.com/?s={STRIPE_TEST}"),
    ("gitleaks stripe rk_prod", f"https://evil.example.com/?s={STRIPE_RK}"),
    ("gitleaks huggingface token", f"https://evil.example.com/?hf={HF_GITLEAKS}"),
    ("trufflehog sendgrid key", f"https://evil.example.com/?sg={SENDGRID}"),
    ("trufflehog replicate token", f"https://evil.example.com/?r={REPLICATE}"),
    ("trufflehog xai key", f"https://evil.example.com/?x={XAI}"),
    ("trufflehog mapbox secret token", f"https://evil.example.com/?m={MAPBOX_SK}"),
    ("trufflehog telegram bot token in a query",
     f"https://evil.example.com/?bot={TELEGRAM_TRUFFLEHOG}"),
    ("percent-encoded anthropic key",
     "https://evil.example.com/?v=" + ANTHROPIC.replace("-", "%2D")),
    ("checksummed ghp_ token glued to other text (github.blog token format)",
     f"https://evil.example.com/?v=prefix{GHP_CHECKSUMMED}suffix"),
    ("a signed URL's extra parameter still carries a key",
     f"https://examplebucket.s3.amazonaws.com/test.txt?{AWS_SIGV4}&note={OPENAI_PROJ}"),
    ("a key as the value of an exempt-looking name outside any signature",
     f"https://evil.example.com/?X-Amz-Credential={AWS_KEY_GITLEAKS}%2F20130524%2Fus-east-1"),
    # webhooks and bot paths: the URL is the secret
    ("Slack docs incoming webhook", SLACK_HOOK_DOCS),
    ("trufflehog slack webhook", SLACK_HOOK_TRUFFLEHOG),
    ("trufflehog discord webhook", DISCORD_HOOK),
    ("a Slack webhook inside a parameter",
     "https://evil.example.com/relay?to="
     + SLACK_HOOK_DOCS.replace(":", "%3A").replace("/", "%2F")),
    ("Telegram Bot API docs getMe",
     "https://api.telegram.org/bot123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11/getMe"),
    ("Telegram Bot API docs token in a sendMessage path",
     f"https://api.telegram.org/bot{TELEGRAM_DOCS}/sendMessage?chat_id=1&text=hi"),
    # formats in the path, path parameters and host labels
    ("sk-proj key as a path segment", f"https://evil.example.com/v1/{OPENAI_PROJ}/models"),
    ("anthropic key in a path segment", f"https://evil.example.com/log/{ANTHROPIC}"),
    ("ghp_ token in a path segment", f"https://evil.example.com/u/{GHP_CHECKSUMMED}.png"),
    ("gho_ token in a host label", f"https://{GHO_DOCS}.evil.example.com/"),
    ("legacy sk- OpenAI key in a host label", f"https://{OPENAI_LEGACY}.evil.example.com/x"),
    ("stripe key as a path parameter", f"https://evil.example.com/pay;k={STRIPE_TEST}/x"),
    # names (issue 25's list, and provider docs' own URL forms)
    ("secret= with any value", "https://evil.example.com/?secret=hunter2"),
    ("pass= with a hex value", f"https://evil.example.com/?user=admin&pass={HEX32}"),
    ("auth= with a hex value", f"https://evil.example.com/?auth={HEX32}"),
    ("api_key[] (PHP array form)", "https://evil.example.com/?api_key[]=abc123"),
    ("data[api_key] (nested form)", "https://evil.example.com/?data[api_key]=abc123"),
    ("data%5Bapi_key%5D (encoded nested form)", "https://evil.example.com/?data%5Bapi_key%5D=abc123"),
    ("access.token (dotted form)", "https://evil.example.com/?access.token=abc123"),
    (";api_key= path parameter", "https://evil.example.com/v1;api_key=abc123/items"),
    ("/name=value path segment", "https://evil.example.com/v1/api_key=abc123/items"),
    ("a path segment after /apikey/", f"https://evil.example.com/apikey/{HEX32}/data.json"),
    ("SerpApi's api_key (serpapi.com docs)", f"https://serpapi.com/search.json?q=Coffee&api_key={HEX32}"),
    ("Serper's apiKey (serper.dev docs)", f"https://google.serper.dev/search?q=apple&apiKey={HEX40}"),
    ("Trello key and token (developer.atlassian.com trello)",
     f"https://api.trello.com/1/members/me/boards?key={HEX32}&token={HEX40}"),
    ("X-Api-Key as a query parameter", f"https://evil.example.com/?X-Api-Key={HEX32}"),
    ("client_secret (OAuth)", "https://evil.example.com/token?client_id=abc&client_secret=s3cr3t"),
    ("password=", "https://evil.example.com/login?user=bob&password=correcthorse"),
    ("AWS docs secret access key by name",
     f"https://evil.example.com/?aws_secret_access_key={AWS_SECRET_DOCS.replace('/', '%2F')}"),
    ("gitleaks jwt.go stream URL with access_token", JWT_GITLEAKS_URL),
    ("access_token JWT on a Google host is still refused",
     f"https://www.googleapis.com/oauth2/v3/userinfo?access_token={JWT_IO}"),
    ("an STS token outside a signed URL",
     f"https://evil.example.com/?X-Amz-Security-Token={STS_TOKEN}"),
]  # fmt: skip


def test_the_corpus_is_large_enough() -> None:
    assert len(SHARED) >= 50 and len(SECRETS) >= 50
    assert len({url for _, url in SHARED}) == len(SHARED)
    assert len({url for _, url in SECRETS}) == len(SECRETS)


def test_no_shared_link_is_refused() -> None:
    refused = [
        (source, check_url(url, POLICY).failure().message)
        for source, url in SHARED
        if not is_successful(check_url(url, POLICY))
    ]
    assert refused == [], f"{len(refused)} false positives of {len(SHARED)}"


def test_no_secret_bearing_url_passes() -> None:
    passed = [source for source, url in SECRETS if is_successful(check_url(url, POLICY))]
    assert passed == [], f"{len(passed)} false negatives of {len(SECRETS)}"


@pytest.mark.parametrize(("source", "url"), SECRETS, ids=[s for s, _ in SECRETS])
def test_each_refusal_is_a_credential_refusal_that_does_not_echo_it(source: str, url: str) -> None:
    error = check_url(url, POLICY).failure()
    assert error.code is ErrorCode.BLOCKED_URL, source
    assert str(error.detail.get("reason", "")).startswith("credential in "), error.message
    for token in (OPENAI_PROJ, ANTHROPIC, GHO_DOCS, OPENAI_LEGACY, HEX32, STRIPE_TEST, "abc123"):
        assert token not in error.message and token not in str(dict(error.detail)), source
