/* src/fmt.c - shortest round-trip formatting of doubles; the algorithm is described in fmt.h.
 *
 * Notation: a finite positive double is v = c * 2^q; k, s, t = s + 1 and R as in fmt.h.  Values
 * "at scale 10^k" are multiplied by 4 so that the bounds of R, which lie a quarter or a half of
 * 2^q away from v, become integers times 2^q:
 *     vb  = 4 v / 10^k           = cb  2^q / 10^k,   cb  = 4c
 *     vbl = 4 (lower bound) / 10^k = cbl 2^q / 10^k,   cbl = 4c - 2  (4c - 1 if irregular)
 *     vbr = 4 (upper bound) / 10^k = cbr 2^q / 10^k,   cbr = 4c + 2
 * round_to_odd() returns these reals rounded to odd integers, which is all the comparisons need.
 */
#include "fmt.h"

#include <stdint.h>
#include <string.h>

#define FMT_Q_MIN (-1074)                  /* q of subnormals and of the smallest binade */
#define FMT_HIDDEN_BIT (UINT64_C(1) << 52) /* c = 2^52: the irregular (power of two) case */
#define FMT_PLAIN_MIN (-5)                 /* plain notation for E in [-5, 16] */
#define FMT_PLAIN_MAX 16

/* ---- 64 x 64 -> 128-bit products ---------------------------------------------------------- */

#if defined(__SIZEOF_INT128__) && !defined(FMT_NO_INT128)
__extension__ typedef unsigned __int128 fmt_u128;

/* a * b = hi * 2^64 + lo; returns hi. */
static inline uint64_t umul128(uint64_t a, uint64_t b, uint64_t *lo)
{
    fmt_u128 p = (fmt_u128)a * b;
    *lo = (uint64_t)p;
    return (uint64_t)(p >> 64);
}
#else
/* Portable version from four 32 x 32 -> 64 products. */
static inline uint64_t umul128(uint64_t a, uint64_t b, uint64_t *lo)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10; /* < 3 * 2^32, no overflow */
    *lo = (mid << 32) | (uint32_t)p00;
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}
#endif

/* ---- the table of 10^-k ------------------------------------------------------------------- */

/* BEGIN GENERATED TABLE (src/fmt_tables_gen.py) */
/* fmt_g[k - FMT_K_MIN] = {high 64 bits, low 64 bits} of g(k) = floor(beta) + 1,
 * where 10^-k = beta * 2^(floor(log2 10^-k) - 125) and 2^125 <= beta < 2^126. */
#define FMT_K_MIN (-324)
#define FMT_K_MAX 292
static const uint64_t fmt_g[FMT_K_MAX - FMT_K_MIN + 1][2] = {
    {0x278676e4ad38c6eau, 0x5b01e8b09aa0d1b5u}, /* k = -324 */
    {0x3f3d8b077b8e0b10u, 0x919ca780f767b5eeu}, /* k = -323 */
    {0x3297a26c62d808dau, 0x0e16ec672c52f7f2u}, /* k = -322 */
    {0x28794ebd1be00714u, 0xd81256b8f0425ff5u}, /* k = -321 */
    {0x20610bca7cb338ddu, 0x79a84560c0351991u}, /* k = -320 */
    {0x33ce7943fab85afbu, 0xf5da089acd21c281u}, /* k = -319 */
    {0x2971fa9cc8937bfcu, 0xc4ae6d48a41b0201u}, /* k = -318 */
    {0x2127fbb0a075fccau, 0x36f1f106e9af34cdu}, /* k = -317 */
    {0x350cc5e767232e10u, 0x57e981a4a918547bu}, /* k = -316 */
    {0x2a709e52b8e8f1a6u, 0xacbace1d541376c9u}, /* k = -315 */
    {0x21f3b1dbc720c152u, 0x23c8a4e44342c56eu}, /* k = -314 */
    {0x3652b62c71ce021du, 0x060dd4a06b9e08b0u}, /* k = -313 */
    {0x2b755e89f4a4ce7du, 0x9e7176e6bc7e6d59u}, /* k = -312 */
    {0x22c44ba19083d864u, 0x7ec12bebc9febde1u}, /* k = -311 */
    {0x37a0790280d2f3d3u, 0xfe01dfdfa9979635u}, /* k = -310 */
    {0x2c8060cecd758fdcu, 0xcb34b319547944f7u}, /* k = -309 */
    {0x2399e70bd7913fe3u, 0xd5c3c27aa9fa9d93u}, /* k = -308 */
    {0x38f63e7958e86639u, 0x560603f7765dc8eau}, /* k = -307 */
    {0x2d91cb94472051c7u, 0x7804cff92b7e3a55u}, /* k = -306 */
    {0x2474a2dd05b3749fu, 0x93370cc755fe9511u}, /* k = -305 */
    {0x3a5437c8091f20ffu, 0x51f1ae0bbcca881bu}, /* k = -304 */
    {0x2ea9c639a0e5b3ffu, 0x74c1580963d539afu}, /* k = -303 */
    {0x25549e9480b7c332u, 0xc3cde0078310faf3u}, /* k = -302 */
    {0x3bba97540126051eu, 0x0616333f381b2b1eu}, /* k = -301 */
    {0x2fc8791000eb374bu, 0x3811c298f9af55b1u}, /* k = -300 */
    {0x2639fa7333ef5f6fu, 0x600e35472e25de28u}, /* k = -299 */
    {0x3d2990b8531898b2u, 0x3349eed849d6303fu}, /* k = -298 */
    {0x30ee0d60427a13c1u, 0xc2a18be03b11c033u}, /* k = -297 */
    {0x2724d780352e7634u, 0x9bb46fe695a7ccf5u}, /* k = -296 */
    {0x3ea158cd21e3f054u, 0x2c53e63dbc3fae55u}, /* k = -295 */
    {0x321aad70e7e98d10u, 0x237651cafcffbeaau}, /* k = -294 */
    {0x2815578d865470d9u, 0xb5f8416f30cc9888u}, /* k = -293 */
    {0x201112d79ea9f3e1u, 0x5e603458f3d6e06du}, /* k = -292 */
    {0x334e848c310fec9bu, 0xca3386f4b957cd7bu}, /* k = -291 */
    {0x290b9d3cf40cbd49u, 0x6e8f9f2a2ddfd796u}, /* k = -290 */
    {0x20d61763f670976du, 0xf20c7f54f17fdfabu}, /* k = -289 */
    {0x3489bf06571a8be3u, 0x1ce0cbbb1bffcc45u}, /* k = -288 */
    {0x2a07cc05127ba31cu, 0x171a3c95afffd69eu}, /* k = -287 */
    {0x219fd66a752fb5b0u, 0x127b63aaf3331218u}, /* k = -286 */
    {0x35cc8a43eeb2bc4cu, 0xea5f05de51eb5026u}, /* k = -285 */
    {0x2b0a0836588efd0au, 0x5518d17ea7ef7352u}, /* k = -284 */
    {0x226e6cf846d8ca6eu, 0xaa7a41321ff2c2a8u}, /* k = -283 */
    {0x371714c0715add7du, 0xdd906850331e043fu}, /* k = -282 */
    {0x2c1277005aaf1797u, 0xe47386a68f4b3699u}, /* k = -281 */
    {0x2341f8cd1558dfacu, 0xb6c2d21ed908f87bu}, /* k = -280 */
    {0x38698e14eef49914u, 0x579e1cfe280e5a5du}, /* k = -279 */
    {0x2d213e7725907a76u, 0xac7e7d98200b7b7eu}, /* k = -278 */
    {0x241a985f514061f8u, 0x89fecae019a2c932u}, /* k = -277 */
    {0x39c426fee8670327u, 0x43314499c29e0eb6u}, /* k = -276 */
    {0x2e368598b9ec0285u, 0xcf5a9d47cee4d891u}, /* k = -275 */
    {0x24f86ae094bcced1u, 0x72aee4397250ad41u}, /* k = -274 */
    {0x3b27116754614ae8u, 0xb77e39f583b44868u}, /* k = -273 */
    {0x2f527452a9e76f20u, 0x92cb61913629d387u}, /* k = -272 */
    {0x25db90422185f280u, 0x756f8140f8217605u}, /* k = -271 */
    {0x3c928069cf3cb733u, 0xef18cece59cf233cu}, /* k = -270 */
    {0x30753387d8fd5f5cu, 0xbf470bd847d8e8fdu}, /* k = -269 */
    {0x26c429397a644c4au, 0x329f3cad064720cau}, /* k = -268 */
    {0x3e06a85bf706e076u, 0xb7652de1a3a50143u}, /* k = -267 */
    {0x319eed165f38b392u, 0x2c50f1814fb73436u}, /* k = -266 */
    {0x27b2574518fa2941u, 0xbd0d8e010c92902bu}, /* k = -265 */
    {0x3f83bed4f4c37535u, 0xfb48e334e0ea8045u}, /* k = -264 */
    {0x32cfcbdd909c5dc4u, 0xc9071c2a4d88669du}, /* k = -263 */
    {0x28a63cb1407d17d0u, 0xa0d27ceea46d1ee4u}, /* k = -262 */
    {0x2084fd5a99fdaca6u, 0xe70eca58838a7f1du}, /* k = -261 */
    {0x3407fbc42995e10bu, 0x0b4add5a6c10cb62u}, /* k = -260 */
    {0x299ffc9cee1180d5u, 0xa2a24aaebcda3c4eu}, /* k = -259 */
    {0x214cca1724dacd77u, 0xb54ea22563e1c9d8u}, /* k = -258 */
    {0x3547a9bea15e158cu, 0x554a9d089fcfa95au}, /* k = -257 */
    {0x2a9fbafee77e77a3u, 0x776ee406e63fbaaeu}, /* k = -256 */
    {0x2219626585fec61cu, 0x5f8be99f1e996225u}, /* k = -255 */
    {0x368f03d5a3313cfau, 0x327975cb64289d08u}, /* k = -254 */
    {0x2ba59caae8f430c8u, 0x28612b091ced4a6du}, /* k = -253 */
    {0x22eae3bbed902706u, 0x86b4226db0bdd524u}, /* k = -252 */
    {0x37de392caf4d0b3du, 0xa4536a491ac95506u}, /* k = -251 */
    {0x2cb1c756f2a408feu, 0x1d0f883a7bd44405u}, /* k = -250 */
    {0x23c16c458ee9a0cbu, 0x4a72d361fca9d004u}, /* k = -249 */
    {0x39357a08e4a90145u, 0x43eaebcffaa94cd3u}, /* k = -248 */
    {0x2dc461a0b6ed9a9du, 0xcfef230cc88770a9u}, /* k = -247 */
    {0x249d1ae6f8be154bu, 0x0cbf4f3d6d3926eeu}, /* k = -246 */
    {0x3a94f7d7f4635544u, 0xe1321862485b717cu}, /* k = -245 */
    {0x2edd931329e91103u, 0xe75b46b506af8dfdu}, /* k = -244 */
    {0x257e0f4287eda736u, 0x52af6bc405593e64u}, /* k = -243 */
    {0x3bfce5373fe2a523u, 0xb77f12d33bc1fd6du}, /* k = -242 */
    {0x2ffd842c331bb74fu, 0xc5ff42429634cabdu}, /* k = -241 */
    {0x266469bcf5afc5d9u, 0x6b329b68782a3bcbu}, /* k = -240 */
    {0x3d6d75fb22b2d628u, 0xab842bda59dd2c77u}, /* k = -239 */
    {0x31245e628228ab53u, 0xbc69bcaeae4a89f9u}, /* k = -238 */
    {0x27504b8201ba22a9u, 0x6387ca25583ba194u}, /* k = -237 */
    {0x3ee6df366929d10fu, 0x05a6103bc05f68edu}, /* k = -236 */
    {0x32524c2b8754a73fu, 0x37b80cfc99e5ed8au}, /* k = -235 */
    {0x2841d689391085ccu, 0x2c933d96e184be08u}, /* k = -234 */
    {0x2034aba0fa739e3cu, 0xf075cadf1ad09807u}, /* k = -233 */
    {0x3387790190b8fd2eu, 0x4d8944982ae759a4u}, /* k = -232 */
    {0x29392d9ada2d9758u, 0x3e076a135585e150u}, /* k = -231 */
    {0x20fa8ae248247913u, 0x64d2bb42aad1810du}, /* k = -230 */
    {0x34c4116a0d07281fu, 0x07b7920444826815u}, /* k = -229 */
    {0x2a367454d738ece5u, 0x9fc60e69d0685344u}, /* k = -228 */
    {0x21c529dd78fa571eu, 0x196b3ebb0d20429du}, /* k = -227 */
    {0x360842fbf4c3be96u, 0x8f11fdf815006a94u}, /* k = -226 */
    {0x2b39cf2ff702fedeu, 0xd8db319344005543u}, /* k = -225 */
    {0x2294a5bff8cf324bu, 0xe0af5adc3666aa9cu}, /* k = -224 */
    {0x37543c665ae51d46u, 0x344bc4938a3dddc7u}, /* k = -223 */
    {0x2c4363851584176bu, 0x5d096a0fa1cb17d2u}, /* k = -222 */
    {0x23691c6a779cdf89u, 0x173abb3fb4a27975u}, /* k = -221 */
    {0x38a82d7725c7cc0eu, 0x8b912b992103f588u}, /* k = -220 */
    {0x2d535792849fd672u, 0x0940efadb4032ad3u}, /* k = -219 */
    {0x2442ac7536e64528u, 0x07672624900288a9u}, /* k = -218 */
    {0x3a044721f1706ea6u, 0x723ea36db337410eu}, /* k = -217 */
    {0x2e69d2818df38bb8u, 0x5b654f8af5c5cda5u}, /* k = -216 */
    {0x25217534718fa2f9u, 0xe2b772d5916b0aebu}, /* k = -215 */
    {0x3b68bb871c1904c3u, 0x0458b7bc1bde77ddu}, /* k = -214 */
    {0x2f86fc6c167a6a35u, 0x9d13c630164b9318u}, /* k = -213 */
    {0x260596bcdec854f7u, 0xb0dc9e8cdea2dc13u}, /* k = -212 */
    {0x3cd5bdfafe0d54bfu, 0x8160fdae31049351u}, /* k = -211 */
    {0x30aafe6264d776ffu, 0x9ab3fe24f403a90eu}, /* k = -210 */
    {0x26ef31e850ac5f32u, 0xe229981d9002eda5u}, /* k = -209 */
    {0x3e4b830d4de09851u, 0x69dc2695b337e2a1u}, /* k = -208 */
    {0x31d602710b1a1374u, 0x54b01ede28f9821bu}, /* k = -207 */
    {0x27de685a6f480f90u, 0x43c018b1ba6134e2u}, /* k = -206 */
    {0x3fca4090b20ce5b3u, 0x9f99c11c5d68549du}, /* k = -205 */
    {0x330833a6f4d71e29u, 0x4c7b00e37ded107eu}, /* k = -204 */
    {0x28d35c8590ac1821u, 0x09fc00b5fe574065u}, /* k = -203 */
    {0x20a916d14089ace7u, 0x3b3000919845cd1du}, /* k = -202 */
    {0x3441be1b9a75e171u, 0xf84ccdb5c06fae95u}, /* k = -201 */
    {0x29ce31afaec4b45bu, 0x2d0a3e2b00595877u}, /* k = -200 */
    {0x2171c159589d5d15u, 0xbda1cb5599e11393u}, /* k = -199 */
    {0x3582cef55a9561bcu, 0x629c7888f634ec1eu}, /* k = -198 */
    {0x2acf0bf77baab496u, 0xb549fa072b5d89b1u}, /* k = -197 */
    {0x223f3cc5fc889078u, 0x9107fb38ef7e07c1u}, /* k = -196 */
    {0x36cb946ffa741a5au, 0x81a65ec17f300c68u}, /* k = -195 */
    {0x2bd610599529aeaeu, 0xce1eb23465c009edu}, /* k = -194 */
    {0x2311a6ae10ee2558u, 0xa4e55b5d1e333b24u}, /* k = -193 */
    {0x381c3de34e49d55au, 0xa16ef894fd1ec506u}, /* k = -192 */
    {0x2ce364b5d83b1115u, 0x4df2607730e56a6cu}, /* k = -191 */
    {0x23e91d5e4695a744u, 0x3e5b805f5a5121f0u}, /* k = -190 */
    {0x3974fbca0a890ba0u, 0x63c59a322a1b697fu}, /* k = -189 */
    {0x2df72fd4d53a6fb3u, 0x83047b5b54e2baccu}, /* k = -188 */
    {0x24c5bfdd7761f2f6u, 0x0269fc4910b5623du}, /* k = -187 */
    {0x3ad5ffc8bf031e56u, 0x6a432d41b45569fbu}, /* k = -186 */
    {0x2f11996d659c1845u, 0x21cf5767c37787fcu}, /* k = -185 */
    {0x25a7adf11e1679d0u, 0xe7d912b9692c6ccau}, /* k = -184 */
    {0x3c3f7cb4fcf0c2e7u, 0xd95b5128a8471476u}, /* k = -183 */
    {0x3032ca2a63f3cf1fu, 0xe115da86ed05a9f8u}, /* k = -182 */
    {0x268f0821e98fd8e6u, 0x4dab1538bd9e2193u}, /* k = -181 */
    {0x3db1a69ca8e627d6u, 0xe2ab552795c9cf52u}, /* k = -180 */
    {0x315aebb0871e8645u, 0x8222aa86116e3f75u}, /* k = -179 */
    {0x277befc06c186b6au, 0xce822204dabe992au}, /* k = -178 */
    {0x3f2cb2cd79c0abdeu, 0x17369cd49130f510u}, /* k = -177 */
    {0x328a28a46166efe4u, 0xdf5ee3dd40f3f740u}, /* k = -176 */
    {0x286e86e9e7858cb7u, 0x1918b64a9a5cc5cdu}, /* k = -175 */
    {0x20586bee52d13d5fu, 0x4746f83baeb09e3eu}, /* k = -174 */
    {0x33c0acb08481fbcbu, 0xa53e59f91780fd2fu}, /* k = -173 */
    {0x2966f08d36ce6309u, 0x50feae60df9a6426u}, /* k = -172 */
    {0x211f26d75f0b826du, 0xda65584d7faeb685u}, /* k = -171 */
    {0x34fea48bcb459d7cu, 0x90a226e265e4573bu}, /* k = -170 */
    {0x2a65506fd5d14acau, 0x0d4e8581eb1d1295u}, /* k = -169 */
    {0x21eaa6bfde4108a1u, 0xa43ed134bc174211u}, /* k = -168 */
    {0x36443dffca01a769u, 0x06cae85460253682u}, /* k = -167 */
    {0x2b69cb33080152bau, 0x6bd586a9e6842b9bu}, /* k = -166 */
    {0x22bb08f5a0010efbu, 0x89779eee52035616u}, /* k = -165 */
    {0x3791a7ef666817f8u, 0xdbf297e3b66bbcefu}, /* k = -164 */
    {0x2c7486591eb9acc7u, 0x165bacb62b8963f3u}, /* k = -163 */
    {0x23906b7a7efaf09fu, 0x451623c4efa11cc2u}, /* k = -162 */
    {0x38e7125d97f7e765u, 0x3b569fa17f682e03u}, /* k = -161 */
    {0x2d85a84adff985eau, 0x95dee61acc535803u}, /* k = -160 */
    {0x246aed08b32e04bbu, 0xab18b8157042accfu}, /* k = -159 */
    {0x3a44ae7451e33ac5u, 0xde8df355806aae18u}, /* k = -158 */
    {0x2e9d585d0e4f6237u, 0xe53e5c4466bbbe7au}, /* k = -157 */
    {0x254aad173ea5e82cu, 0xb765169d1efc9861u}, /* k = -156 */
    {0x3baaae8b976fd9e1u, 0x256e8a94fe60f3cfu}, /* k = -155 */
    {0x2fbbbed612bfe180u, 0xeabed543feb3f63fu}, /* k = -154 */
    {0x262fcbde75664e00u, 0xbbcbddcffef65e99u}, /* k = -153 */
    {0x3d194630bbd6e334u, 0x5fac961997f0975bu}, /* k = -152 */
    {0x30e104f3c978b5c3u, 0x7fbd44e1465a12afu}, /* k = -151 */
    {0x271a6a5ca12d5e35u, 0xffca9d810514dbbfu}, /* k = -150 */
    {0x3e90aa2dceaefd23u, 0x32ddc8ce6e87c5ffu}, /* k = -149 */
    {0x320d54f17225974fu, 0x5be4a0a525396b32u}, /* k = -148 */
    {0x280aaa5ac1b7ac3fu, 0x7cb6e6ea842def5cu}, /* k = -147 */
    {0x200888489af95699u, 0x30925255368b25e3u}, /* k = -146 */
    {0x3340da0dc4c22428u, 0x4db6ea21f0dea304u}, /* k = -145 */
    {0x2900ae716a34e9b9u, 0xd7c5881b2718826au}, /* k = -144 */
    {0x20cd585abb5d87c7u, 0xdfd139af527a01efu}, /* k = -143 */
    {0x347bc0912bc8d93fu, 0xcc81f5e550c3364au}, /* k = -142 */
    {0x29fc9a0dbca0adccu, 0xa39b2b1dda35c508u}, /* k = -141 */
    {0x2196e1a496e6f170u, 0x82e288e4ae916a6du}, /* k = -140 */
    {0x35be35d424a4b580u, 0xd16a74a1174f10aeu}, /* k = -139 */
    {0x2afe917683b6f79au, 0x4121f6e745d8da25u}, /* k = -138 */
    {0x2265412b9c925faeu, 0x9a8192529e4714ebu}, /* k = -137 */
    {0x37086845c7509917u, 0x5d9c1d50fd3e87ddu}, /* k = -136 */
    {0x2c06b9d16c407a79u, 0x17b01773fdcb9fe4u}, /* k = -135 */
    {0x233894a789cd2ec7u, 0x4626792997d61984u}, /* k = -134 */
    {0x385a8772761517a5u, 0x3d0a5b75bfbcf59fu}, /* k = -133 */
    {0x2d1539285e77461du, 0xca6eaf916630c47fu}, /* k = -132 */
    {0x2410fa86b1f904e4u, 0xa1f2260deb5a36ccu}, /* k = -131 */
    {0x39b4c40ab65b3b07u, 0x69837016455d247au}, /* k = -130 */
    {0x2e2a366ef848fc05u, 0xee02c011d1175062u}, /* k = -129 */
    {0x24ee91f2603a6337u, 0xf19bccdb0dac404eu}, /* k = -128 */
    {0x3b174fea33909ebfu, 0xe8f947c4e2ad33b0u}, /* k = -127 */
    {0x2f45d98829407effu, 0xed94396a4ef0f627u}, /* k = -126 */
    {0x25d17ad3543398ccu, 0xbe102deea58d91b9u}, /* k = -125 */
    {0x3c825e1eed1f5ae1u, 0x3019e3176f48e927u}, /* k = -124 */
    {0x30684b4bf0e5e24du, 0xc014b5ac590720ecu}, /* k = -123 */
    {0x26b9d5d65a5181d7u, 0xccdd5e237a6c1a57u}, /* k = -122 */
    {0x3df622f090826959u, 0x47c8969f2a46908au}, /* k = -121 */
    {0x3191b58d40685447u, 0x6ca0787f5505406fu}, /* k = -120 */
    {0x27a7c4710053769fu, 0x8a19f9ff773766bfu}, /* k = -119 */
    {0x3f72d3e800858a98u, 0xdcf65ccbf1f23dfeu}, /* k = -118 */
    {0x32c24320006ad547u, 0x172b7d6ff4c1cb32u}, /* k = -117 */
    {0x289b68e666bbddd2u, 0x78ef978cc3ce3c28u}, /* k = -116 */
    {0x207c53eb856317dbu, 0x93f2dfa3cfd83020u}, /* k = -115 */
    {0x33fa1fdf3bd1bfc5u, 0xb98499061959e699u}, /* k = -114 */
    {0x2994e64c2fdaffd1u, 0x6136e0d1ade18548u}, /* k = -113 */
    {0x2143eb702648cca7u, 0x80f8b3daf181376du}, /* k = -112 */
    {0x353978b370747aa5u, 0x9b27862b1c01f247u}, /* k = -111 */
    {0x2a94608f8d29fbb7u, 0xaf52d1bc1667f506u}, /* k = -110 */
    {0x22104d3fa421962cu, 0x8c424163451ff738u}, /* k = -109 */
    {0x36807b99069c237au, 0x7a039bd208332526u}, /* k = -108 */
    {0x2b99fc7a6bb01c61u, 0xfb361641a028ea85u}, /* k = -107 */
    {0x22e196c856267d1bu, 0x2f5e78348020bb9eu}, /* k = -106 */
    {0x37cf57a6f03d94f8u, 0x4bca59ed99cdf8fcu}, /* k = -105 */
    {0x2ca5dfb8c03143f9u, 0xd63b7b247b0b2d96u}, /* k = -104 */
    {0x23b7e62d668dcffbu, 0x11c92f50626f57acu}, /* k = -103 */
    {0x39263d1570e2e65eu, 0x82db7ee703e55912u}, /* k = -102 */
    {0x2db830ddf3e8b84bu, 0x9be2cbec031de0dcu}, /* k = -101 */
    {0x24935a4b2986f9d6u, 0x164f09899c17e716u}, /* k = -100 */
    {0x3a855d450f3e5c89u, 0xbd4b4275c68ca4f0u}, /* k = -99 */
    {0x2ed1176a72984a07u, 0xcaa29b916ba3b726u}, /* k = -98 */
    {0x257412bb8ee03b39u, 0x6ee87c74561c9285u}, /* k = -97 */
    {0x3beceac5b166c528u, 0xb173fa53bcfa8408u}, /* k = -96 */
    {0x2ff0bbd15ab89dbau, 0x278ffb7630c869a0u}, /* k = -95 */
    {0x265a2fdaaefa17c8u, 0x1fa662c4f3d387b3u}, /* k = -94 */
    {0x3d5d195de4c35940u, 0x32a3d13b1fb8d91fu}, /* k = -93 */
    {0x3117477e509c4766u, 0x8ee9742f4c93e0e6u}, /* k = -92 */
    {0x2745d2cb73b0391eu, 0xd8bac3590a0fe71eu}, /* k = -91 */
    {0x3ed61e1252b38e97u, 0xc12ad228101971c9u}, /* k = -90 */
    {0x3244e4db755c7213u, 0x00ef0e8673478e3bu}, /* k = -89 */
    {0x28371d7c5de38e75u, 0x9a58d86b8f6c71c9u}, /* k = -88 */
    {0x202c1796b182d85eu, 0x1513e0560c56c16eu}, /* k = -87 */
    {0x3379bf57826af3c9u, 0xbb530089ad579be2u}, /* k = -86 */
    {0x292e32ac68558fd4u, 0x95dc006e2446164fu}, /* k = -85 */
    {0x20f1c22386aad976u, 0xde4999f1b69e783fu}, /* k = -84 */
    {0x34b6036c0aaaf58au, 0xfd428fe92430c065u}, /* k = -83 */
    {0x2a2b35f00888c46fu, 0x31020cba835a3384u}, /* k = -82 */
    {0x21bc2b266d3a36bfu, 0x5a680a2ecf7b5c69u}, /* k = -81 */
    {0x35f9dea3e1f6bdfeu, 0xf70cdd17b25efa42u}, /* k = -80 */
    {0x2b2e4bb64e5efe65u, 0x9270b0dfc1e59502u}, /* k = -79 */
    {0x228b6fc50b7f31eau, 0xdb8d5a4c9b1e10ceu}, /* k = -78 */
    {0x37457fa1abfeb644u, 0x927bc3adc4fce7b0u}, /* k = -77 */
    {0x2c37994e23322b6au, 0x0ec96957d0ca52f3u}, /* k = -76 */
    {0x235fadd81c2822bbu, 0x3f07877973d50f29u}, /* k = -75 */
    {0x3899162693736ac5u, 0x31a5a58f1fbb4b75u}, /* k = -74 */
    {0x2d4744eba9292237u, 0x5aeaead8e62f6f91u}, /* k = -73 */
    {0x243903efba874e92u, 0xaf22557a51bf8c74u}, /* k = -72 */
    {0x39f4d3192a721751u, 0x1836ef2a1c65ad86u}, /* k = -71 */
    {0x2e5d75adbb8e790du, 0xacf8bf54e3848ad2u}, /* k = -70 */
    {0x25179157c93ec73eu, 0x23fa32aa4f9d3bdbu}, /* k = -69 */
    {0x3b58e88c75313ec9u, 0xd329eaaa18fb92f8u}, /* k = -68 */
    {0x2f7a53a390f4323bu, 0x0f54bbbb472fa8c6u}, /* k = -67 */
    {0x25fb761c73f68e95u, 0xa5dd62fc38f2ed6cu}, /* k = -66 */
    {0x3cc589c71ff0e422u, 0xa2fbd1938e517bdfu}, /* k = -65 */
    {0x309e07d27ff3e9b5u, 0x4f2fdadc71dac97fu}, /* k = -64 */
    {0x26e4d30eccc3215du, 0xd8f3157d27e23accu}, /* k = -63 */
    {0x3e3aeb4ae1383562u, 0xf4b82261d969f7adu}, /* k = -62 */
    {0x31c8bc3be7602ab5u, 0x90934eb4adee5fbeu}, /* k = -61 */
    {0x27d3c9c985e68891u, 0x4075d8908b251965u}, /* k = -60 */
    {0x3fb942dc0970da82u, 0x00bc8db411d4f56eu}, /* k = -59 */
    {0x32fa9be33ac0aeceu, 0x66fd3e29a7dd9125u}, /* k = -58 */
    {0x28c87cb5c89a2571u, 0xebfdcb54864ada84u}, /* k = -57 */
    {0x20a063c4a07b5127u, 0xeffe3c439ea2486au}, /* k = -56 */
    {0x3433d2d433f881d9u, 0x7ffd2d38fdd073dcu}, /* k = -55 */
    {0x29c30f1029939b14u, 0x6664242d97d9f64au}, /* k = -54 */
    {0x2168d8d9badc7c10u, 0x51e9b68adfe191d5u}, /* k = -53 */
    {0x35748e292afa601au, 0x1ca924116635b621u}, /* k = -52 */
    {0x2ac3a4edbbfb8014u, 0xe3ba83411e915e81u}, /* k = -51 */
    {0x22361d8afcc93343u, 0xe962029a7edab201u}, /* k = -50 */
    {0x36bcfc1194751ed3u, 0x0f03375d97c45001u}, /* k = -49 */
    {0x2bca63414390e575u, 0xa59c2c4adfd04001u}, /* k = -48 */
    {0x23084f676940b791u, 0x5149bd08b30d0001u}, /* k = -47 */
    {0x380d4bd8a8678c1bu, 0xb542c80deb480001u}, /* k = -46 */
    {0x2cd76fe086b93ce2u, 0xf768a00b22a00001u}, /* k = -45 */
    {0x23df8cb39efa971bu, 0xf9208008e8800001u}, /* k = -44 */
    {0x3965adec3190f1c6u, 0x5b67334174000001u}, /* k = -43 */
    {0x2deaf189c140c16bu, 0x7c528f6790000001u}, /* k = -42 */
    {0x24bbf46e3433cdefu, 0x96a872b940000001u}, /* k = -41 */
    {0x3ac653e386b9497fu, 0x5773eac200000001u}, /* k = -40 */
    {0x2f050fe938943accu, 0x45f6556800000001u}, /* k = -39 */
    {0x259da6542d43623du, 0x04c5112000000001u}, /* k = -38 */
    {0x3c2f7086aed236c8u, 0x07a1b50000000001u}, /* k = -37 */
    {0x3025f39ef241c56cu, 0xd2e7c40000000001u}, /* k = -36 */
    {0x2684c2e58e9b0457u, 0x0f1fd00000000001u}, /* k = -35 */
    {0x3da137d5b0f806f1u, 0xb1cc800000000001u}, /* k = -34 */
    {0x314dc6448d9338c1u, 0x5b0a000000000001u}, /* k = -33 */
    {0x27716b6a0adc2d67u, 0x7c08000000000001u}, /* k = -32 */
    {0x3f1bdf10116048a5u, 0x9340000000000001u}, /* k = -31 */
    {0x327cb2734119d3b7u, 0xa900000000000001u}, /* k = -30 */
    {0x2863c1f5cdae42f9u, 0x5400000000000001u}, /* k = -29 */
    {0x204fce5e3e250261u, 0x1000000000000001u}, /* k = -28 */
    {0x33b2e3c9fd0803ceu, 0x8000000000000001u}, /* k = -27 */
    {0x295be96e64066972u, 0x0000000000000001u}, /* k = -26 */
    {0x2116545850052128u, 0x0000000000000001u}, /* k = -25 */
    {0x34f086f3b33b6840u, 0x0000000000000001u}, /* k = -24 */
    {0x2a5a058fc295ed00u, 0x0000000000000001u}, /* k = -23 */
    {0x21e19e0c9bab2400u, 0x0000000000000001u}, /* k = -22 */
    {0x3635c9adc5dea000u, 0x0000000000000001u}, /* k = -21 */
    {0x2b5e3af16b188000u, 0x0000000000000001u}, /* k = -20 */
    {0x22b1c8c1227a0000u, 0x0000000000000001u}, /* k = -19 */
    {0x3782dace9d900000u, 0x0000000000000001u}, /* k = -18 */
    {0x2c68af0bb1400000u, 0x0000000000000001u}, /* k = -17 */
    {0x2386f26fc1000000u, 0x0000000000000001u}, /* k = -16 */
    {0x38d7ea4c68000000u, 0x0000000000000001u}, /* k = -15 */
    {0x2d79883d20000000u, 0x0000000000000001u}, /* k = -14 */
    {0x246139ca80000000u, 0x0000000000000001u}, /* k = -13 */
    {0x3a35294400000000u, 0x0000000000000001u}, /* k = -12 */
    {0x2e90edd000000000u, 0x0000000000000001u}, /* k = -11 */
    {0x2540be4000000000u, 0x0000000000000001u}, /* k = -10 */
    {0x3b9aca0000000000u, 0x0000000000000001u}, /* k = -9 */
    {0x2faf080000000000u, 0x0000000000000001u}, /* k = -8 */
    {0x2625a00000000000u, 0x0000000000000001u}, /* k = -7 */
    {0x3d09000000000000u, 0x0000000000000001u}, /* k = -6 */
    {0x30d4000000000000u, 0x0000000000000001u}, /* k = -5 */
    {0x2710000000000000u, 0x0000000000000001u}, /* k = -4 */
    {0x3e80000000000000u, 0x0000000000000001u}, /* k = -3 */
    {0x3200000000000000u, 0x0000000000000001u}, /* k = -2 */
    {0x2800000000000000u, 0x0000000000000001u}, /* k = -1 */
    {0x2000000000000000u, 0x0000000000000001u}, /* k = 0 */
    {0x3333333333333333u, 0x3333333333333334u}, /* k = 1 */
    {0x28f5c28f5c28f5c2u, 0x8f5c28f5c28f5c29u}, /* k = 2 */
    {0x20c49ba5e353f7ceu, 0xd916872b020c49bbu}, /* k = 3 */
    {0x346dc5d63886594au, 0xf4f0d844d013a92bu}, /* k = 4 */
    {0x29f16b11c6d1e108u, 0xc3f3e0370cdc8755u}, /* k = 5 */
    {0x218def416bdb1a6du, 0x698fe69270b06c44u}, /* k = 6 */
    {0x35afe535795e90afu, 0x0f4ca41d811a46d4u}, /* k = 7 */
    {0x2af31dc4611873bfu, 0x3f70834acdae9f10u}, /* k = 8 */
    {0x225c17d04dad2965u, 0xcc5a02a23e254c0du}, /* k = 9 */
    {0x36f9bfb3af7b756fu, 0xad5cd10396a21347u}, /* k = 10 */
    {0x2bfaffc2f2c92abfu, 0xbde3da69454e75d3u}, /* k = 11 */
    {0x232f33025bd42232u, 0xfe4fe1edd10b9175u}, /* k = 12 */
    {0x384b84d092ed0384u, 0xca19697c81ac1befu}, /* k = 13 */
    {0x2d09370d42573603u, 0xd4e1213067bce326u}, /* k = 14 */
    {0x24075f3dceac2b36u, 0x43e74dc052fd8285u}, /* k = 15 */
    {0x39a5652fb1137856u, 0xd30baf9a1e626a6du}, /* k = 16 */
    {0x2e1dea8c8da92d12u, 0x426fbfae7eb521f1u}, /* k = 17 */
    {0x24e4bba3a4875741u, 0xcebfcc8b9890e7f4u}, /* k = 18 */
    {0x3b07929f6da55869u, 0x4acc7a78f41b0cbau}, /* k = 19 */
    {0x2f394219248446bau, 0xa23d2ec729af3d62u}, /* k = 20 */
    {0x25c768141d369efbu, 0xb4fdbf05baf29781u}, /* k = 21 */
    {0x3c7240202ebdcb2cu, 0x54c931a2c4b758cfu}, /* k = 22 */
    {0x305b66802564a289u, 0xdd6dc14f03c5e0a5u}, /* k = 23 */
    {0x26af8533511d4ed4u, 0xb1249aa59c9e4d51u}, /* k = 24 */
    {0x3de5a1ebb4fbb154u, 0x4ea0f76f60fd4882u}, /* k = 25 */
    {0x318481895d962776u, 0xa54d92bf80caa068u}, /* k = 26 */
    {0x279d346de4781f92u, 0x1dd7a89933d54d20u}, /* k = 27 */
    {0x3f61ed7ca0c03283u, 0x62f2a75b86221500u}, /* k = 28 */
    {0x32b4bdfd4d668ecfu, 0x825bb91604e810cdu}, /* k = 29 */
    {0x289097fdd7853f0cu, 0x684960de6a5340a4u}, /* k = 30 */
    {0x2073accb12d0ff3du, 0x203ab3e521dc33b6u}, /* k = 31 */
    {0x33ec47ab514e652eu, 0x99f7863b696052bdu}, /* k = 32 */
    {0x2989d2ef743eb758u, 0x7b2c6b62bab37564u}, /* k = 33 */
    {0x213b0f25f69892adu, 0x2f56bc4efbc2c450u}, /* k = 34 */
    {0x352b4b6ff0f41de1u, 0xe55793b192d13a1au}, /* k = 35 */
    {0x2a8909265a5ce4b4u, 0xb77942f475742e7bu}, /* k = 36 */
    {0x22073a8515171d5du, 0x5f9435905df68b96u}, /* k = 37 */
    {0x3671f73b54f1c895u, 0x65b9ef4d63241289u}, /* k = 38 */
    {0x2b8e5f62aa5b06ddu, 0xeafb25d782834207u}, /* k = 39 */
    {0x22d84c4eeeaf38b1u, 0x88c8eb12cecf6806u}, /* k = 40 */
    {0x37c07a17e44b8de8u, 0xdadb11b7b14bd9a3u}, /* k = 41 */
    {0x2c99fb46503c7187u, 0x157c0e2c8dd647b5u}, /* k = 42 */
    {0x23ae629ea696c138u, 0xddfcd823a4ab6c91u}, /* k = 43 */
    {0x391704310a8acec1u, 0x632e269f6ddf141bu}, /* k = 44 */
    {0x2dac035a6ed57234u, 0x4f581ee5f17f4349u}, /* k = 45 */
    {0x24899c4858aac1c3u, 0x72ace584c1329c3bu}, /* k = 46 */
    {0x3a75c6da27779c6bu, 0xeaae3c079b842d2au}, /* k = 47 */
    {0x2ec49f14ec5fb056u, 0x5558300616035755u}, /* k = 48 */
    {0x256a18dd89e626abu, 0x7779c004de6912abu}, /* k = 49 */
    {0x3bdcf495a9703ddfu, 0x258f99a163db5111u}, /* k = 50 */
    {0x2fe3f6de212697e5u, 0xb7a614811caf740du}, /* k = 51 */
    {0x264ff8b1b41edfeau, 0xf951aa00e3bf900bu}, /* k = 52 */
    {0x3d4cc11c53649977u, 0xf54f7667d2cc19abu}, /* k = 53 */
    {0x310a3416a91d4793u, 0x2aa5f8530f09ae22u}, /* k = 54 */
    {0x273b5cdeedb1060fu, 0x55519375a5a1581bu}, /* k = 55 */
    {0x3ec56164af81a34bu, 0xbbb5b8bc3c3559c5u}, /* k = 56 */
    {0x3237811d593482a2u, 0xfc9160969691149eu}, /* k = 57 */
    {0x282c674aadc39bb5u, 0x96dab3ababa743b2u}, /* k = 58 */
    {0x202385d557cfafc4u, 0x78aef622efb902f5u}, /* k = 59 */
    {0x336c0955594c4c6du, 0x8de4bd04b2c19e54u}, /* k = 60 */
    {0x29233aaaadd6a38au, 0xd7ea30d08f014b76u}, /* k = 61 */
    {0x20e8fbbbbe454fa2u, 0x4654f3da0c01092cu}, /* k = 62 */
    {0x34a7f92c63a21903u, 0xa3bb1fc346680eacu}, /* k = 63 */
    {0x2a1ffa89e94e7a69u, 0x4fc8e635d1ecd88au}, /* k = 64 */
    {0x21b32ed4baa52ebau, 0xa63a51c4a7f0ad3bu}, /* k = 65 */
    {0x35eb7e212aa1e45du, 0xd6c3b607731aaec4u}, /* k = 66 */
    {0x2b22cb4dbbb4b6b1u, 0x789c919f8f488bd0u}, /* k = 67 */
    {0x22823c3e2fc3c55au, 0xc6e3a7b2d906d640u}, /* k = 68 */
    {0x3736c6c9e6060891u, 0x3e390c515b3e239au}, /* k = 69 */
    {0x2c2bd23b1e6b3a0du, 0xcb60d6a77c31b615u}, /* k = 70 */
    {0x235641c8e52294d7u, 0xd5e7121f968e2b44u}, /* k = 71 */
    {0x388a02db0837548cu, 0x8971b698f0e3786du}, /* k = 72 */
    {0x2d3b357c0692aa0au, 0x078e2bad8d82c6bdu}, /* k = 73 */
    {0x242f5dfcd20eee6eu, 0x6c71bc8ad79bd231u}, /* k = 74 */
    {0x39e5632e1ce4b0b0u, 0xad82c7448c2c8382u}, /* k = 75 */
    {0x2e511c24e3ea26f3u, 0xbe023903a356cf9bu}, /* k = 76 */
    {0x250db01d8321b8c2u, 0xfe682d9c82abd949u}, /* k = 77 */
    {0x3b4919c8d1cf8e04u, 0xca4048fa6aac8edbu}, /* k = 78 */
    {0x2f6dae3a4172d803u, 0xd5003a61eef07249u}, /* k = 79 */
    {0x25f1582e9ac24669u, 0x773361e7f259f507u}, /* k = 80 */
    {0x3cb559e42ad070a8u, 0xbeb89ca6508fee71u}, /* k = 81 */
    {0x309114b688a6c086u, 0xfefa16eb73a6585bu}, /* k = 82 */
    {0x26da76f86d52339fu, 0x3261abef8fb846afu}, /* k = 83 */
    {0x3e2a57f3e21d1f65u, 0x1d691318e5f3a44bu}, /* k = 84 */
    {0x31bb798fe8174c50u, 0xe4540f471e5c836fu}, /* k = 85 */
    {0x27c92e0cb9ac3d0du, 0x8376729f4b7d35f3u}, /* k = 86 */
    {0x3fa849adf5e061afu, 0x38bd84321261efebu}, /* k = 87 */
    {0x32ed07be5e4d1af2u, 0x93cad0280eb4bfefu}, /* k = 88 */
    {0x28bd9fcb7ea4158eu, 0xdca240200bc3ccbfu}, /* k = 89 */
    {0x2097b309321cde0bu, 0xe3b50019a3030a33u}, /* k = 90 */
    {0x3425eb41e9c7c9acu, 0x9f88002904d1a9eau}, /* k = 91 */
    {0x29b7ef67ee396e23u, 0xb2d3335403daee55u}, /* k = 92 */
    {0x215ff2b98b6124e9u, 0x5bdc291003158b77u}, /* k = 93 */
    {0x35665128df01d4a8u, 0x92f9db4cd1bc1258u}, /* k = 94 */
    {0x2ab840ed7f34aa20u, 0x7594af70a7c9a847u}, /* k = 95 */
    {0x222d00bdff5d54e6u, 0xc476f2c0863aed06u}, /* k = 96 */
    {0x36ae679665622171u, 0x3a57eacda3917b3cu}, /* k = 97 */
    {0x2bbeb9451de81ac0u, 0xfb7988a482dac8fdu}, /* k = 98 */
    {0x22fefa9db1867bcdu, 0x95fad3b6cf156d97u}, /* k = 99 */
    {0x37fe5dc91c0a5fafu, 0x565e1f8ae4ef15beu}, /* k = 100 */
    {0x2ccb7e3a7cd51959u, 0x11e4e608b725aaffu}, /* k = 101 */
    {0x23d5fe9530aa7aadu, 0xa7ea51a0928488ccu}, /* k = 102 */
    {0x39566421e7772aafu, 0x7310829a84074146u}, /* k = 103 */
    {0x2ddeb68185f8eef2u, 0xc2739baed005cdd2u}, /* k = 104 */
    {0x24b22b9ad193f25bu, 0xcec2e2f24004a4a8u}, /* k = 105 */
    {0x3ab6ac2ae8ecb6f9u, 0x4ad16b1d333aa10cu}, /* k = 106 */
    {0x2ef889bbed8a2bfau, 0xa241227dc2954da3u}, /* k = 107 */
    {0x2593a163246e8995u, 0x4e9a81fe35443e1cu}, /* k = 108 */
    {0x3c1f689ea0b0dc22u, 0x175d9cc9eed39694u}, /* k = 109 */
    {0x3019207ee6f3e34eu, 0x7917b0a18bdc7876u}, /* k = 110 */
    {0x267a8065858fe90bu, 0x9412f3b46fe39392u}, /* k = 111 */
    {0x3d90cd6f3c1974dfu, 0x535185ed7fd285b6u}, /* k = 112 */
    {0x3140a458fce12a4cu, 0x42a79e57997537c5u}, /* k = 113 */
    {0x2766e9e0ca4dbb70u, 0x3552e512e12a9304u}, /* k = 114 */
    {0x3f0b0fce107c5f19u, 0xeeeb081e3510eb39u}, /* k = 115 */
    {0x326f3fd80d304c14u, 0xbf226ce4f740bc2eu}, /* k = 116 */
    {0x2858ffe00a8d09aau, 0x3281f0b72c33c9beu}, /* k = 117 */
    {0x20473319a20a6e21u, 0xc2018d5f568fd498u}, /* k = 118 */
    {0x33a51e8f69aa49cfu, 0x9ccf48988a7fba8du}, /* k = 119 */
    {0x2950e53f87bb6e3fu, 0xb0a5d3ad3b99620bu}, /* k = 120 */
    {0x210d8432d2fc5832u, 0xf3b7dc8a96144e6fu}, /* k = 121 */
    {0x34e26d1e1e608d1eu, 0x52bfc7442353b0b1u}, /* k = 122 */
    {0x2a4ebdb1b1e6d74bu, 0x756639034f7626f4u}, /* k = 123 */
    {0x21d897c15b1f12a2u, 0xc451c735d92b525du}, /* k = 124 */
    {0x362759355e981dd1u, 0x3a1c71efc1deea2eu}, /* k = 125 */
    {0x2b52adc44bace4a7u, 0x61b05b2634b254f2u}, /* k = 126 */
    {0x22a88b036fbd83b9u, 0x1af37c1e908eaa5bu}, /* k = 127 */
    {0x3774119f192f3928u, 0x2b1f2cfdb41776f8u}, /* k = 128 */
    {0x2c5cdae5adbf60ecu, 0xef4c23fe29ac5f2du}, /* k = 129 */
    {0x237d7beaf165e723u, 0xf2a34ffe87bd18f1u}, /* k = 130 */
    {0x38c8c644b56fd839u, 0x84387ffda5fb5b1bu}, /* k = 131 */
    {0x2d6d6b6a2abfe02eu, 0x0360666484c915afu}, /* k = 132 */
    {0x24578921bbccb358u, 0x02b3851d3707448cu}, /* k = 133 */
    {0x3a25a835f9478559u, 0x9dec082ebe720746u}, /* k = 134 */
    {0x2e8486919439377au, 0xe4bcd358985b3905u}, /* k = 135 */
    {0x2536d20e102dc5fbu, 0xea30a913ad15c738u}, /* k = 136 */
    {0x3b8ae9b019e2d65fu, 0xdd1aa81f7b560b8cu}, /* k = 137 */
    {0x2fa2548ce1824519u, 0x7daeece5fc44d609u}, /* k = 138 */
    {0x261b76d71ace9dadu, 0xfe258a51969d7808u}, /* k = 139 */
    {0x3cf8be24f7b0fc49u, 0x96a276e8f0fbf33fu}, /* k = 140 */
    {0x30c6fe83f95a636eu, 0x121b9253f3fcc299u}, /* k = 141 */
    {0x2705986994484f8bu, 0x41afa84329970214u}, /* k = 142 */
    {0x3e6f5a4286da18deu, 0xcf7f739ea8f19cedu}, /* k = 143 */
    {0x31f2ae9b9f14e0b2u, 0x3f99294bba5ae3f1u}, /* k = 144 */
    {0x27f5587c7f43e6f4u, 0xffadbaa2fb7be98du}, /* k = 145 */
    {0x3feef3fa65397187u, 0xff7c5dd1925fdc15u}, /* k = 146 */
    {0x33258ffb842df46cu, 0xcc637e4141e649abu}, /* k = 147 */
    {0x28ead9960357f6bdu, 0x704f983434b83aefu}, /* k = 148 */
    {0x20bbe144cf799231u, 0x26a6135cf6f9c8bfu}, /* k = 149 */
    {0x345fced47f28e9e8u, 0x3dd685618b294132u}, /* k = 150 */
    {0x29e63f1065ba54b9u, 0xcb12044e08edcdc2u}, /* k = 151 */
    {0x2184ff405161dd61u, 0x6f419d0b3a57d7ceu}, /* k = 152 */
    {0x35a19866e89c9568u, 0xb20294dec3bfbfb0u}, /* k = 153 */
    {0x2ae7ad1f207d4453u, 0xc19baa4bcfcc995au}, /* k = 154 */
    {0x2252f0e5b39769dcu, 0x9ae2eea30ca3ade1u}, /* k = 155 */
    {0x36eb1b091f58a960u, 0xf7d17dd1add2afcfu}, /* k = 156 */
    {0x2bef48d41913bab3u, 0xf97464a7be42263fu}, /* k = 157 */
    {0x2325d3dce0dc955cu, 0xc790508631ce84ffu}, /* k = 158 */
    {0x383c862e3494222eu, 0x0c1a1a704fb0d4ccu}, /* k = 159 */
    {0x2cfd3824f6dce824u, 0xd67b4859d95a43d6u}, /* k = 160 */
    {0x23fdc683f8b0b9b7u, 0x11fc39e17aae9cabu}, /* k = 161 */
    {0x39960a6cc11ac2beu, 0x832d2968c44a9445u}, /* k = 162 */
    {0x2e11a1f09a7bcefeu, 0xcf575453d03ba9d1u}, /* k = 163 */
    {0x24dae7f3aec97265u, 0x72ac4376402fbb0eu}, /* k = 164 */
    {0x3af7d985e47583d5u, 0x8446d256cd192b49u}, /* k = 165 */
    {0x2f2cae04b6c46977u, 0x9d0575123dadbc3au}, /* k = 166 */
    {0x25bd5803c569edf9u, 0x4a6ac40e97be302fu}, /* k = 167 */
    {0x3c62266c6f0fe328u, 0x771139b0f2c9e6b1u}, /* k = 168 */
    {0x304e85238c0cb5b9u, 0xf8da948d8f07ebc1u}, /* k = 169 */
    {0x26a5374fa33d5e2eu, 0x60aedd3e0c065634u}, /* k = 170 */
    {0x3dd5254c3862304au, 0x344afb9679a3bd20u}, /* k = 171 */
    {0x31775109c6b4f36eu, 0x903bfc78614fca80u}, /* k = 172 */
    {0x2792a73b055d8f8bu, 0xa6966393810ca200u}, /* k = 173 */
    {0x3f510b91a22f4c12u, 0xa423d2859b476999u}, /* k = 174 */
    {0x32a73c7481bf700eu, 0xe9b642047c392148u}, /* k = 175 */
    {0x2885c9f6ce32c00bu, 0xee2b680396941aa0u}, /* k = 176 */
    {0x206b07f8a4f5666fu, 0xf1bc53361210154du}, /* k = 177 */
    {0x33de73276e5570b3u, 0x1c6085235019bbaeu}, /* k = 178 */
    {0x297ec285f1ddf3c2u, 0x7d1a041c40149625u}, /* k = 179 */
    {0x21323537f4b18fceu, 0xca7b367d0010781du}, /* k = 180 */
    {0x351d21f3211c194au, 0xdd91f0c8001a59c8u}, /* k = 181 */
    {0x2a7db4c280e3476fu, 0x17a7f3d3334847d4u}, /* k = 182 */
    {0x21fe2a3533e905f2u, 0x79532975c2a03976u}, /* k = 183 */
    {0x366376bb8641a31du, 0x8eeb75893766c256u}, /* k = 184 */
    {0x2b82c562d1ce1c17u, 0xa5892ad42c523512u}, /* k = 185 */
    {0x22cf044f0e3e7cdfu, 0xb7a0ef102374f742u}, /* k = 186 */
    {0x37b1a07e7d30c7ccu, 0x59017e8038bb2536u}, /* k = 187 */
    {0x2c8e19feca8d6ca3u, 0x7a67986693c8ea91u}, /* k = 188 */
    {0x23a4e198a20abd4fu, 0x951fad1edca0bba8u}, /* k = 189 */
    {0x3907cf5a9cddfbb2u, 0x8832ae97c76792a5u}, /* k = 190 */
    {0x2d9fd9154a4b2fc2u, 0x068ef21305ec7551u}, /* k = 191 */
    {0x247fe0ddd508f301u, 0x9ed8c1a8d189f774u}, /* k = 192 */
    {0x3a66349621a7eb35u, 0xcaf4690e1c0ff253u}, /* k = 193 */
    {0x2eb82a11b48655c4u, 0xa25d20d816732843u}, /* k = 194 */
    {0x256021a7c39eab03u, 0xb5174d79ab8f5369u}, /* k = 195 */
    {0x3bcd02a605caab39u, 0x21bee25c45b21f0eu}, /* k = 196 */
    {0x2fd735519e3bbc2du, 0xb498b5169e2818d8u}, /* k = 197 */
    {0x2645c4414b62fcf1u, 0x5d46f7454b534713u}, /* k = 198 */
    {0x3d3c6d35456b2e4eu, 0xfba4bed545520b52u}, /* k = 199 */
    {0x30fd242a9def583fu, 0x2fb6ff110441a2a8u}, /* k = 200 */
    {0x2730e9bbb18c4698u, 0xf2f8cc0d9d014eedu}, /* k = 201 */
    {0x3eb4a92c4f46d75bu, 0x1e5ae015c80217e1u}, /* k = 202 */
    {0x322a20f03f6bdf7cu, 0x1848b344a001acb4u}, /* k = 203 */
    {0x2821b3f365efe5fcu, 0xe03a2903b3348a2au}, /* k = 204 */
    {0x201af65c518cb7fdu, 0x802e873628f6d4eeu}, /* k = 205 */
    {0x335e56fa1c145995u, 0x99e40b89db2487e3u}, /* k = 206 */
    {0x29184594e3437adeu, 0x14b66fa17c1d3983u}, /* k = 207 */
    {0x20e037aa4f692f18u, 0x1091f2e7967dc79cu}, /* k = 208 */
    {0x3499f2aa18a84b59u, 0xb41cb7d8f0c93f5fu}, /* k = 209 */
    {0x2a14c221ad536f7au, 0xf67d5fe0c0a0ff80u}, /* k = 210 */
    {0x21aa34e7bddc592fu, 0x2b977fe70080cc66u}, /* k = 211 */
    {0x35dd2172c9608eb1u, 0xdf58cca4cd9ae0a3u}, /* k = 212 */
    {0x2b174df56de6d88eu, 0x4c470a1d7148b3b6u}, /* k = 213 */
    {0x22790b2abe5246d8u, 0x3d05a1b1276d5c92u}, /* k = 214 */
    {0x372811ddfd507159u, 0xfb3c35e83f1560e9u}, /* k = 215 */
    {0x2c200e4b310d277bu, 0x2f635e5365aab3edu}, /* k = 216 */
    {0x234cd83c273db92fu, 0x591c4b75eaeef658u}, /* k = 217 */
    {0x387af39371fc5b7eu, 0xf4fa125644b18a26u}, /* k = 218 */
    {0x2d2f2942c196af98u, 0xc3fb41de9d5ad4ebu}, /* k = 219 */
    {0x2425ba9bce122613u, 0xcffc34b2177bdd89u}, /* k = 220 */
    {0x39d5f75fb01d09b9u, 0x4cc6bab68bf96274u}, /* k = 221 */
    {0x2e44c5e6267da161u, 0x0a38955ed6611b90u}, /* k = 222 */
    {0x2503d184eb97b44du, 0xa1c6dde5784dafa7u}, /* k = 223 */
    {0x3b394f3b128c53afu, 0x693e2fd58d49190bu}, /* k = 224 */
    {0x2f610c2f4209dc8cu, 0x5431bfde0aa0e0d5u}, /* k = 225 */
    {0x25e73cf29b3b16d6u, 0xa9c1664b3bb3e711u}, /* k = 226 */
    {0x3ca52e50f85e8af1u, 0x0f9bd6dec5eca4e8u}, /* k = 227 */
    {0x3084250d937ed58du, 0xa616457f04bd50bau}, /* k = 228 */
    {0x26d01da475ff113eu, 0x1e783798d09773c8u}, /* k = 229 */
    {0x3e19c9072331b530u, 0x30c058f480f252d9u}, /* k = 230 */
    {0x31ae3a6c1c27c426u, 0x8d66ad9067284247u}, /* k = 231 */
    {0x27be952349b969b8u, 0x711ef14052869b6cu}, /* k = 232 */
    {0x3f97550542c242c0u, 0xb4fe4ecd50d75f14u}, /* k = 233 */
    {0x32df7737689b689au, 0x2a650bd773df7f43u}, /* k = 234 */
    {0x28b2c5c5ed49207bu, 0x551da312c319329cu}, /* k = 235 */
    {0x208f049e576db395u, 0xddb14f4235adc217u}, /* k = 236 */
    {0x34180763bf15ec22u, 0xfc4ee536bc49368au}, /* k = 237 */
    {0x29acd2b63277f01bu, 0xfd0bea92303a9208u}, /* k = 238 */
    {0x21570ef8285ff349u, 0x973cbba8269541a0u}, /* k = 239 */
    {0x355817f373ccb875u, 0xbec792a6a422029au}, /* k = 240 */
    {0x2aacdff5f63d605eu, 0x3239421ee9b4cee1u}, /* k = 241 */
    {0x2223e65e5e97804bu, 0x5b6101b25490a581u}, /* k = 242 */
    {0x369fd6fd64259a12u, 0x2bce691d541aa268u}, /* k = 243 */
    {0x2bb31264501e14dbu, 0x563eba7ddce21b87u}, /* k = 244 */
    {0x22f5a850401810afu, 0x78322ecb171b4939u}, /* k = 245 */
    {0x37ef73b399c01ab2u, 0x59e9e47824f87527u}, /* k = 246 */
    {0x2cbf8fc2e1667bc1u, 0xe187e9f9b72d2a86u}, /* k = 247 */
    {0x23cc73024deb9634u, 0xb46cbb2e2c242205u}, /* k = 248 */
    {0x39471e6a1645bd21u, 0x20adf849e039d007u}, /* k = 249 */
    {0x2dd27ebb4504974du, 0xb3be603b19c7d99fu}, /* k = 250 */
    {0x24a865629d9d45d7u, 0xc2feb3627b0647b3u}, /* k = 251 */
    {0x3aa7089dc8fba2f2u, 0xd197856a5e7072b8u}, /* k = 252 */
    {0x2eec06e4a0c94f28u, 0xa7ac6abb7ec05bc6u}, /* k = 253 */
    {0x25899f1d4d6dd8edu, 0x52f05562cbcd1638u}, /* k = 254 */
    {0x3c0f64fbaf1627e2u, 0x1e4d556adfae89f3u}, /* k = 255 */
    {0x300c50c958de864eu, 0x7ea444557fbed4c3u}, /* k = 256 */
    {0x267040a113e5383eu, 0xcbb69d1132ff109cu}, /* k = 257 */
    {0x3d8067681fd526cau, 0xdf8a94e851981a93u}, /* k = 258 */
    {0x313385ece6441f08u, 0xb2d543ed0e134875u}, /* k = 259 */
    {0x275c6b23eb69b26du, 0x5bddcff0d80f6d2bu}, /* k = 260 */
    {0x3efa45064575ea48u, 0x92fc7fe7c018aeabu}, /* k = 261 */
    {0x3261d0d1d12b21d3u, 0xa8c9ffec99ad5889u}, /* k = 262 */
    {0x284e40a7da88e7dcu, 0x8707fff07af113a1u}, /* k = 263 */
    {0x203e9a1fe2071fe3u, 0x9f39998d2f2742e7u}, /* k = 264 */
    {0x33975cffd00b6638u, 0xfec28f484b7204a4u}, /* k = 265 */
    {0x2945e3ffd9a2b82du, 0x989ba5d36f8e6a1du}, /* k = 266 */
    {0x2104b66647b56024u, 0x7a161e42bfa521b1u}, /* k = 267 */
    {0x34d4570a0c5566a0u, 0xc35696d132a1cf81u}, /* k = 268 */
    {0x2a4378d4d6aab880u, 0x9c454574288172ceu}, /* k = 269 */
    {0x21cf93dd7888939au, 0x169dd129ba0128a5u}, /* k = 270 */
    {0x3618ec958da75290u, 0x242fb50f9001daa1u}, /* k = 271 */
    {0x2b4723aad7b90ed9u, 0xb68c90d940017bb4u}, /* k = 272 */
    {0x229f4fbbdfc73f14u, 0x920a0d7a999ac95du}, /* k = 273 */
    {0x37654c5fcc71fe87u, 0x50101590f5c47561u}, /* k = 274 */
    {0x2c5109e63d27fed2u, 0xa6734473f7d05de8u}, /* k = 275 */
    {0x237407eb641fff0eu, 0xeb8f69f65fd9e4b9u}, /* k = 276 */
    {0x38b9a6456cfffe7eu, 0x45b24323cc8fd45cu}, /* k = 277 */
    {0x2d6151d123fffecbu, 0x6af502830a0ca9e3u}, /* k = 278 */
    {0x244ddb0db666656fu, 0x88c402026e7087e9u}, /* k = 279 */
    {0x3a162b4923d708b2u, 0x746cd003e3e73fdbu}, /* k = 280 */
    {0x2e7822a0e978d3c1u, 0xf6bd73364fec3315u}, /* k = 281 */
    {0x252ce880bac70fceu, 0x5efdf5c50cbcf5abu}, /* k = 282 */
    {0x3b7b0d9ac471b2e3u, 0xcb2fefa1adfb22abu}, /* k = 283 */
    {0x2f95a47bd05af583u, 0x08f3261af195b555u}, /* k = 284 */
    {0x261150630d159135u, 0xa0c284e25ade2aabu}, /* k = 285 */
    {0x3ce8809e7b55b522u, 0x9ad0d49d5e304444u}, /* k = 286 */
    {0x30ba007ec9115db5u, 0x48a7107de4f369d0u}, /* k = 287 */
    {0x26fb3398a0dab15du, 0xd3b8d9fe50c2bb0du}, /* k = 288 */
    {0x3e5eb8f434911bc9u, 0x52c15cca1ad12b48u}, /* k = 289 */
    {0x31e560c35d40e307u, 0x75677d6e7bda8906u}, /* k = 290 */
    {0x27eab3cf7dcd826cu, 0x5dec645863153a6cu}, /* k = 291 */
    {0x3fddec7f2faf3713u, 0xc97a3a2704eec3dfu}, /* k = 292 */
};
/* END GENERATED TABLE */

/* ---- integer logarithms ------------------------------------------------------------------- */

/* floor(n / 2^20) and floor(n / 2^19) for n >= -2^30, without right-shifting negative values. */
static inline int floor_div_2p20(int64_t n) { return (int)((n + (INT64_C(1) << 30)) >> 20) - 1024; }
static inline int floor_div_2p19(int64_t n) { return (int)((n + (INT64_C(1) << 30)) >> 19) - 2048; }

/* floor(log10(2^q)), |q| <= 1100 (315653 / 2^20 ~ log10 2; exact on that range, see the script). */
static inline int floor_log10_pow2(int q) { return floor_div_2p20((int64_t)q * 315653); }

/* floor(log10(3/4 * 2^q)) on the same range (131237 / 2^20 ~ -log10(3/4)). */
static inline int floor_log10_three_quarters_pow2(int q)
{
    return floor_div_2p20((int64_t)q * 315653 - 131237);
}

/* floor(log2(10^e)), -292 <= e <= 324 (1741647 / 2^19 ~ log2 10). */
static inline int floor_log2_pow10(int e) { return floor_div_2p19((int64_t)e * 1741647); }

/* ---- the conversion ----------------------------------------------------------------------- */

/* Round to odd of y = g * cp / 2^127, for a table entry g (126 bits) and cp < 2^60:
 * floor(y), with its lowest bit set when frac(y) >= 2^-66.  The exact y overestimates the real
 * value x = cp 2^q / 10^k by less than 2^-67, and x never has 0 < frac(x) < 2^-66 or
 * frac(x) > 1 - 2^-67 (fmt_tables_gen.py proves both), so the result is the round to odd of x:
 * x itself if x is an integer, otherwise floor(x) | 1. */
static inline uint64_t round_to_odd(const uint64_t g[2], uint64_t cp)
{
    uint64_t a0, a1 = umul128(g[1], cp, &a0); /* low half of g times cp:  a1 2^64 + a0 */
    uint64_t b0, b1 = umul128(g[0], cp, &b0); /* high half of g times cp: b1 2^64 + b0 */
    /* g cp = b1 2^128 + (b0 + a1) 2^64 + a0, and b0 + a1 = carry 2^64 + m. */
    uint64_t m = b0 + a1;
    uint64_t carry = m < b0;
    /* floor(y) = 2 b1 + 2 carry + (m >> 63); frac(y) 2^127 = (m mod 2^63) 2^64 + a0. */
    uint64_t floor_y = 2 * (b1 + carry) + (m >> 63);
    uint64_t sticky = ((m & (UINT64_MAX >> 1)) | (a0 >> 61)) != 0; /* frac(y) >= 2^61 / 2^127 */
    return floor_y | sticky;
}

/* A decimal digits * 10^exp10. */
typedef struct fmt_decimal {
    uint64_t digits;
    int exp10;
} fmt_decimal;

/* Divides out the trailing decimal zeros of 0 < d < 10^16 (at most 15 = 8 + 4 + 2 + 1 of them),
 * adding their count to *e. */
static inline uint64_t strip_zeros(uint64_t d, int *e)
{
    if (d % 100000000 == 0) {
        d /= 100000000;
        *e += 8;
    }
    if (d % 10000 == 0) {
        d /= 10000;
        *e += 4;
    }
    if (d % 100 == 0) {
        d /= 100;
        *e += 2;
    }
    if (d % 10 == 0) {
        d /= 10;
        *e += 1;
    }
    return d;
}

/* The shortest (then nearest) decimal in the rounding interval of v = c 2^q, c > 0. */
static fmt_decimal shortest_decimal(uint64_t c, int q)
{
    /* strtod rounds ties to even: the bounds of R belong to R iff c is even. */
    const uint64_t open = c & 1;
    const uint64_t cb = c << 2, cbr = cb + 2;
    uint64_t cbl;
    int k;
    if (c != FMT_HIDDEN_BIT || q == FMT_Q_MIN) {
        cbl = cb - 2;
        k = floor_log10_pow2(q); /* 10^k <= 2^q = width of R < 10^(k+1) */
    } else {
        cbl = cb - 1;
        k = floor_log10_three_quarters_pow2(q); /* width is 3/4 2^q */
    }
    /* g = 10^-k 2^(125 - F), F = floor(log2 10^-k); shifting cp left by h = q + F + 2 (2..5)
       makes g (cp << h) / 2^127 = cp 2^q / 10^k. */
    const int h = q + floor_log2_pow10(-k) + 2;
    const uint64_t *g = fmt_g[k - FMT_K_MIN];
    const uint64_t vb = round_to_odd(g, cb << h);
    const uint64_t vbl = round_to_odd(g, cbl << h);
    const uint64_t vbr = round_to_odd(g, cbr << h);

    /* s = floor(v / 10^k); exact, since round to odd keeps vb in [4s, 4s + 3]. */
    const uint64_t s = vb >> 2;

    /* One digit shorter: u = 10 floor(s / 10) <= v < w = u + 10.  X is in R iff
       vbl <= 4X <= vbr (strict when open); u <= v and w > v need only one side each. */
    const uint64_t s10 = s / 10;
    const int u_in = vbl + open <= s10 * 40;
    const int w_in = (s10 + 1) * 40 + open <= vbr;
    if (u_in != w_in) { /* s10 + w_in < 10^16, since s < 2^53 * 10 */
        int e = k + 1;
        uint64_t d = strip_zeros(s10 + (uint64_t)w_in, &e);
        return (fmt_decimal){d, e};
    }

    /* Scale 10^k: s <= v < t = s + 1, at least one of them in R. */
    const uint64_t t = s + 1;
    const int s_in = vbl + open <= s * 4;
    const int t_in = t * 4 + open <= vbr;
    if (s_in != t_in)
        return (fmt_decimal){t_in ? t : s, k};
    /* Both in R: the nearer one; 4s + 2 is 4 times the midpoint; a tie goes to the even one. */
    const uint64_t mid = s * 4 + 2;
    const int pick_t = vb > mid || (vb == mid && (s & 1));
    return (fmt_decimal){s + (uint64_t)pick_t, k};
}

/* ---- writing digits ----------------------------------------------------------------------- */

static const char fmt_digit_pairs[201] = "00010203040506070809"
                                         "10111213141516171819"
                                         "20212223242526272829"
                                         "30313233343536373839"
                                         "40414243444546474849"
                                         "50515253545556575859"
                                         "60616263646566676869"
                                         "70717273747576777879"
                                         "80818283848586878889"
                                         "90919293949596979899";

static const uint64_t fmt_pow10[20] = {
    UINT64_C(1),
    UINT64_C(10),
    UINT64_C(100),
    UINT64_C(1000),
    UINT64_C(10000),
    UINT64_C(100000),
    UINT64_C(1000000),
    UINT64_C(10000000),
    UINT64_C(100000000),
    UINT64_C(1000000000),
    UINT64_C(10000000000),
    UINT64_C(100000000000),
    UINT64_C(1000000000000),
    UINT64_C(10000000000000),
    UINT64_C(100000000000000),
    UINT64_C(1000000000000000),
    UINT64_C(10000000000000000),
    UINT64_C(100000000000000000),
    UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000),
};

/* Number of decimal digits of d > 0. */
static inline int decimal_length(uint64_t d)
{
#if defined(__GNUC__)
    /* With b = bit length of d, 2^(b-1) <= d < 2^b, so the length is n or n + 1 for
       n = floor(b log10 2) (1233 / 4096 ~ log10 2, exact for b <= 64). */
    int n = ((64 - __builtin_clzll(d)) * 1233) >> 12;
    return n + (d >= fmt_pow10[n]);
#else
    int n = 1;
    while (n < 20 && d >= fmt_pow10[n])
        n++;
    return n;
#endif
}

static inline void put2(char *p, uint32_t v) { memcpy(p, fmt_digit_pairs + 2 * v, 2); }

/* The 8 digits of v < 10^8, with leading zeros. */
static inline void put8(char *p, uint32_t v)
{
    uint32_t hi = v / 10000, lo = v % 10000;
    put2(p, hi / 100);
    put2(p + 2, hi % 100);
    put2(p + 4, lo / 100);
    put2(p + 6, lo % 100);
}

/* The n digits of d, 10^(n-1) <= d < 10^n, into p[0 .. n-1]. */
static void put_digits(char *p, uint64_t d, int n)
{
    char *end = p + n;
    while (d >= 100000000) {
        end -= 8;
        put8(end, (uint32_t)(d % 100000000));
        d /= 100000000;
    }
    uint32_t v = (uint32_t)d;
    while (v >= 100) {
        end -= 2;
        put2(end, v % 100);
        v /= 100;
    }
    if (v >= 10)
        put2(end - 2, v);
    else
        end[-1] = (char)('0' + v);
}

/* "d.ddde+XX": the n digits of d, decimal exponent E. */
static int put_scientific(char *p, uint64_t d, int n, int E)
{
    put_digits(p + 1, d, n);
    p[0] = p[1];
    int len = 1;
    if (n > 1) {
        p[1] = '.';
        len = n + 1;
    }
    p[len++] = 'e';
    p[len++] = E < 0 ? '-' : '+';
    unsigned a = (unsigned)(E < 0 ? -E : E);
    if (a >= 100) {
        p[len++] = (char)('0' + a / 100);
        a %= 100;
    }
    put2(p + len, a);
    return len + 2;
}

/* Writes d 10^e (d > 0; d has no trailing zeros unless e == 0) per the grammar in fmt.h. */
static int put_decimal(char *p, uint64_t d, int e)
{
    const int n = decimal_length(d);
    const int E = e + n - 1; /* value = d.ddd 10^E */
    if (E < FMT_PLAIN_MIN || E > FMT_PLAIN_MAX)
        return put_scientific(p, d, n, E);
    if (e >= 0) { /* integer: the digits, then e zeros */
        put_digits(p, d, n);
        memset(p + n, '0', (size_t)e);
        return n + e;
    }
    if (E >= 0) { /* ddd.ddd: write the digits one place right, move the E + 1 integer ones back */
        put_digits(p + 1, d, n);
        memmove(p, p + 1, (size_t)E + 1);
        p[E + 1] = '.';
        return n + 1;
    }
    /* 0.000ddd with -E - 1 zeros after the point */
    const int zeros = -E - 1;
    p[0] = '0';
    p[1] = '.';
    memset(p + 2, '0', (size_t)zeros);
    put_digits(p + 2 + zeros, d, n);
    return 2 + zeros + n;
}

/* ---- the API ------------------------------------------------------------------------------ */

int fmt_double(char *buf, double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    const uint64_t fraction = bits & (FMT_HIDDEN_BIT - 1);
    const int biased_exp = (int)(bits >> 52) & 0x7ff;
    char *p = buf;

    if (biased_exp == 0x7ff && fraction != 0) {
        memcpy(buf, "nan", 3);
        return 3;
    }
    if (bits >> 63)
        *p++ = '-';
    if (biased_exp == 0x7ff) {
        memcpy(p, "inf", 3);
        return (int)(p - buf) + 3;
    }
    if (biased_exp == 0 && fraction == 0) {
        *p = '0';
        return (int)(p - buf) + 1;
    }

    /* v = c 2^q; subnormals share q with the smallest normal binade. */
    const uint64_t c = biased_exp == 0 ? fraction : fraction | FMT_HIDDEN_BIT;
    const int q = biased_exp == 0 ? FMT_Q_MIN : biased_exp - 1075;

    /* Integers below 2^53 are their own shortest decimal: every other decimal of R (width <= 1)
       is a non-integer, which needs at least as many digits. */
    if (q <= 0 && q >= -52 && (c & ((UINT64_C(1) << -q) - 1)) == 0)
        return (int)(p - buf) + put_decimal(p, c >> -q, 0);

    const fmt_decimal dec = shortest_decimal(c, q);
    return (int)(p - buf) + put_decimal(p, dec.digits, dec.exp10);
}

int fmt_double_nul(char *buf, double x)
{
    int n = fmt_double(buf, x);
    buf[n] = '\0';
    return n;
}
