"""IPv6 cloud metadata addresses stay blocked whatever the settings say.

docs/security.md and docs/configuration.md promise that metadata stays blocked even with
WEB_ALLOW_PRIVATE_NETWORK or WEB_TRUSTED_ADDRESSES. The IPv6 ones below sit in fc00::/7 (ULA)
or fe80::/10 (link-local), so without their own entry they fell under PRIVATE / FORBIDDEN, which
those two settings open. Each address comes from its provider's own documentation or code:

- Google Compute Engine fd20:ce::254: GoogleCloudPlatform/k8s-config-connector sets it as
  GCE_METADATA_HOST ("[fd20:ce::254]") for IPv6 clusters; cloud.google.com/compute/docs/metadata.
- Scaleway fd00:42::42: scaleway/scaleway-sdk-go api/instance/v1/instance_metadata_sdk.go
  (`metadataAPIv6 = "http://[fd00:42::42]"`).
- Oracle Cloud fd00:c1::a9fe:a9fe: oracle/oci-python-sdk
  src/oci/auth/signers/instance_principals_security_token_signer.py (`IMDS_IPV6_HOST`).
- Akamai / Linode fd00:a9fe:a9fe::1: linode.com/docs/products/compute/compute-instances/guides/
  metadata-api/ ("IPv6: fd00:a9fe:a9fe::1").
- OpenStack fe80::a9fe:a9fe: Neutron release note metadata-ipv6 (opendev.org/openstack/neutron,
  "Make the metadata service available over the IPv6 link-local address fe80::a9fe:a9fe").

Pure policy checks: no socket is opened.
"""

import pytest

from webdistill.compose import url_policy
from webdistill.config import Config
from webdistill.kernel.addresses import AddressCategory, address_category
from webdistill.kernel.urls import UrlPolicy, address_allowed, check_url

IPV6_METADATA = [
    "fd20:ce::254",  # Google Compute Engine
    "fd00:42::42",  # Scaleway
    "fd00:c1::a9fe:a9fe",  # Oracle Cloud Infrastructure
    "fd00:a9fe:a9fe::1",  # Akamai / Linode
    "fe80::a9fe:a9fe",  # OpenStack Neutron
    "fd00:ec2::254",  # AWS (was already blocked: the control)
]


@pytest.mark.parametrize("ip", IPV6_METADATA)
def test_ipv6_metadata_is_its_own_category(ip: str) -> None:
    assert address_category(ip) == AddressCategory.METADATA


@pytest.mark.parametrize("ip", IPV6_METADATA)
def test_ipv6_metadata_stays_blocked_with_private_network(ip: str) -> None:
    policy = url_policy(Config(allow_private_network=True, default_blocklist=False))
    assert not address_allowed(ip, policy), f"{ip} admitted with WEB_ALLOW_PRIVATE_NETWORK"
    assert check_url(f"https://[{ip}]/computeMetadata/v1/", policy).failure()


@pytest.mark.parametrize("ip", IPV6_METADATA)
def test_ipv6_metadata_stays_blocked_when_trusted(ip: str) -> None:
    policy = UrlPolicy(allow_private_network=True, trusted_addresses=(ip,))
    assert not address_allowed(ip, policy), f"{ip} admitted with WEB_TRUSTED_ADDRESSES={ip}"


def test_a_zone_does_not_turn_link_local_metadata_into_a_trustable_address() -> None:
    ip = "fe80::a9fe:a9fe%eth0"
    assert address_category(ip) == AddressCategory.METADATA
    assert not address_allowed(ip, UrlPolicy(trusted_addresses=(ip,)))


@pytest.mark.parametrize("ip", ["fd20:ce::253", "fd00:42::43", "fe80::a9fe:a9ff", "fd12::1"])
def test_neighbours_of_the_metadata_addresses_stay_private_or_link_local(ip: str) -> None:
    assert address_category(ip) in (AddressCategory.PRIVATE, AddressCategory.FORBIDDEN)
